package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.result.Baseline;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code raglens baseline}: the workspace's benchmark as a baseline file to commit. */
@Command(
        name = "baseline",
        mixinStandardHelpOptions = true,
        description = "Write the per-question scores of the workspace's benchmark.json (or of --from) as a"
                + " baseline file: JSON in key order, diff-friendly, meant to be committed and checked with"
                + " raglens gate.")
final class BaselineCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--from",
            paramLabel = "benchmark.json",
            description = "The benchmark to record (default: the workspace's).")
    Path from;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "Where to write the baseline (default: ${DEFAULT-VALUE}).")
    Path out = Path.of("raglens-baseline.json");

    private static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        Baseline baseline;
        try {
            baseline = from != null
                    ? RagLens.readBaseline(from)
                    : RagLens.builder().workspace(parent.workspace).build().baseline();
        } catch (IllegalArgumentException | IllegalStateException e) {
            err.println("raglens baseline: "
                    + e.getMessage()
                            .replace("call benchmark() before baseline()", "run raglens benchmark first")
                            .replace(
                                    "record one from a benchmark with RagLens.baseline().write(file) and"
                                            + " commit it",
                                    "run raglens benchmark first"));
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        baseline.write(out);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("baseline: " + out + " (" + count(baseline.systems().size(), "retriever") + ", "
                + count(baseline.questions().size(), "question") + "); commit it and check later runs with raglens"
                + " gate --baseline " + out);
        stdout.flush();
        return CommandLine.ExitCode.OK;
    }
}
