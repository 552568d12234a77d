package io.github.raglens.eval.baseline;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import io.github.raglens.gate.GateOptions;
import io.github.raglens.result.Baseline;
import java.nio.file.Path;

/** A baseline for the gate (or a {@code benchmark.json} taken as one): read, then compared with itself. */
class BaselineFuzzTest {

    @HostileInputTest
    void readsOrRefuses(FuzzedDataProvider data) {
        Path file = Scratch.file("baseline.json", data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(IllegalArgumentException.class, () -> {
            Baseline baseline = BaselineRecorder.read(file);
            return RegressionGate.of(GateOptions.defaults()).compare(baseline, baseline);
        });
    }
}
