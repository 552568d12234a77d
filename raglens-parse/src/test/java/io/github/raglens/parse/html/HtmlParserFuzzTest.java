package io.github.raglens.parse.html;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import java.nio.file.Path;

/** The bytes of an HTML page, damaged anyhow: parsed into sections or refused in one line. */
class HtmlParserFuzzTest {

    @HostileInputTest
    void parsesOrRefuses(FuzzedDataProvider data) {
        Path file = Scratch.file("page.html", data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(ParseException.class, () -> new HtmlParser().parse(file));
    }
}
