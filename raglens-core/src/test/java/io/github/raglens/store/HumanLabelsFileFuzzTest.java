package io.github.raglens.store;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import java.nio.file.Path;

/** A file of human labels for calibrating the judge, with the drawn cells waiting for theirs. */
class HumanLabelsFileFuzzTest {

    @HostileInputTest
    void readsOrRefuses(FuzzedDataProvider data) {
        Path file = Scratch.file("labels.jsonl", data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(ParseException.class, () -> HumanLabelsFile.read(file));
    }
}
