package io.github.raglens.parse;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import java.nio.file.Path;

/** A plain-text file: parsed into sections, or refused in one line. */
class PlainTextParserFuzzTest {

    @HostileInputTest
    void parsesOrRefuses(FuzzedDataProvider data) {
        Path file = Scratch.file("notes.txt", data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(
                ParseException.class, () -> DocumentParser.create().parse(file));
    }
}
