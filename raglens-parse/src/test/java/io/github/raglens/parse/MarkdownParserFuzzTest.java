package io.github.raglens.parse;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import java.nio.file.Path;

/** A Markdown file: parsed into sections, or refused in one line. */
class MarkdownParserFuzzTest {

    @HostileInputTest
    void parsesOrRefuses(FuzzedDataProvider data) {
        Path file = Scratch.file("notes.md", data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(
                ParseException.class, () -> DocumentParser.create().parse(file));
    }
}
