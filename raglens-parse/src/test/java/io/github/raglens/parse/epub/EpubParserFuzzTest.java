package io.github.raglens.parse.epub;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import java.nio.file.Path;

/** The bytes of an EPUB book, damaged anyhow: parsed into sections or refused in one line. */
class EpubParserFuzzTest {

    @HostileInputTest
    void parsesOrRefuses(FuzzedDataProvider data) {
        Path file = Scratch.file("book.epub", data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(ParseException.class, () -> new EpubParser().parse(file));
    }
}
