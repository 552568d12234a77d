package io.github.raglens.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.baseline.GateFixture;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.AssertionFailedError;

/** Per-question scores (e.g. the judge's) gate through a baseline file as a benchmark does. */
class BaselineFileTest {

    @TempDir
    Path dir;

    private final GateFixture fixture = new GateFixture();

    @Test
    void checkScores_passesTheNoisierSystem_andFailsTheDegradedOneNamingTheFile() {
        Path file = dir.resolve("judge.json");
        BaselineRecorder.fromBenchmark(fixture.benchmark(fixture.baseline())).write(file);
        BaselineFile baseline = BaselineFile.at(file);

        assertThat(baseline.check(BaselineRecorder.fromBenchmark(fixture.benchmark(fixture.noisier())))
                        .regressed())
                .isFalse();
        assertThatThrownBy(() ->
                        baseline.check(BaselineRecorder.fromBenchmark(fixture.benchmark(fixture.droppingTheBestHit()))))
                .isInstanceOf(AssertionFailedError.class)
                .hasMessageStartingWith("against " + file + ": ");
    }
}
