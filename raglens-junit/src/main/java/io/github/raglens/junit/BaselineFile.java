package io.github.raglens.junit;

import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.baseline.RegressionGate;
import io.github.raglens.gate.GateOptions;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.GateResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;
import org.opentest4j.AssertionFailedError;

/**
 * A committed baseline file and the gate against it: a test benchmarks its system and calls {@link
 * #check}; the run fails only when the system got significantly worse than the recorded baseline.
 *
 * <p>Recording: run the tests with {@code -Draglens.baseline.record=true} (e.g. {@code mvn test
 * -Draglens.baseline.record=true}); every {@link #check} then writes its baseline instead of comparing,
 * and the files are committed. Thread-safe.
 */
public final class BaselineFile {

    /** The system property that makes {@link #check} record instead of compare. */
    public static final String RECORD_PROPERTY = "raglens.baseline.record";

    private final Path path;

    private BaselineFile(Path path) {
        this.path = Objects.requireNonNull(path, "path");
    }

    /** The baseline at a path (usually under {@code src/test/resources}). */
    public static BaselineFile at(Path path) {
        return new BaselineFile(path);
    }

    /** Where the baseline is kept. */
    public Path path() {
        return path;
    }

    /** Checks with the default gate; see {@link #check(BenchmarkResult, GateOptions)}. */
    public GateResult check(BenchmarkResult report) {
        return check(report, GateOptions.builder().build());
    }

    /**
     * Records the report as the baseline when {@value #RECORD_PROPERTY} is {@code true}; otherwise
     * passes unless the report is significantly worse than the recorded baseline.
     *
     * @param report today's benchmark
     * @param gate the gate's settings (metrics, minimum effect, alpha)
     * @return the gate's report (comparing the new baseline with itself when recording)
     * @throws AssertionFailedError with the gate's message when something got worse, or when there is
     *     no baseline yet, saying how to record one
     */
    public GateResult check(BenchmarkResult report, GateOptions gate) {
        return check(BaselineRecorder.fromBenchmark(report), gate);
    }

    /**
     * Checks per-question scores with the default gate; see {@link #check(Baseline, GateOptions)}.
     *
     * @param current today's scores, e.g. the judge's: {@code RagLens.readBaseline(lens.workspace().evaluationBaseline())}
     */
    public GateResult check(Baseline current) {
        return check(current, GateOptions.builder().build());
    }

    /**
     * Records the scores as the baseline when {@value #RECORD_PROPERTY} is {@code true}; otherwise
     * passes unless they are significantly worse than the recorded baseline. Judge scores gate this
     * way: every evaluation writes them as the workspace's {@code evaluation-baseline.json}.
     *
     * @param current today's per-question scores
     * @param gate the gate's settings (metrics, minimum effect, alpha)
     * @return the gate's report (comparing the new baseline with itself when recording)
     * @throws AssertionFailedError with the gate's message when something got worse, or when there is
     *     no baseline yet, saying how to record one
     */
    public GateResult check(Baseline current, GateOptions gate) {
        Objects.requireNonNull(current, "current");
        if (Boolean.getBoolean(RECORD_PROPERTY)) {
            current.write(path);
            return RegressionGate.of(gate).compare(current, current);
        }
        if (!Files.exists(path)) {
            throw new AssertionFailedError("no baseline at " + path.toAbsolutePath() + "; record it by running the"
                    + " tests once with -D" + RECORD_PROPERTY + "=true (mvn test -D" + RECORD_PROPERTY
                    + "=true), then commit the file");
        }
        GateResult result = RegressionGate.of(gate).compare(BaselineRecorder.read(path), current);
        if (!result.passed()) {
            throw new AssertionFailedError("against " + path + ": " + result.message());
        }
        return result;
    }

    @Override
    public String toString() {
        return "BaselineFile{" + path + "}";
    }
}
