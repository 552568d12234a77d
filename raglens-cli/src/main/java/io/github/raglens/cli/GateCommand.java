package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.gate.GateOptions;
import io.github.raglens.result.GateResult;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code raglens gate}: exit 4 when a run is significantly worse than a committed baseline. */
@Command(
        name = "gate",
        mixinStandardHelpOptions = true,
        description = {
            "Compare a run with a baseline: a paired randomization test per metric on the questions both have,"
                    + " Holm-corrected across the metrics and retrievers checked; a drop smaller than --min-effect"
                    + " never fails. For judge scores the share of cells each run scored is checked too, so a run"
                    + " cannot pass by losing its bad cells. Exit 0 when nothing is significantly worse, 4 when"
                    + " something is, with the metric, both means with 95%% intervals, the difference with its"
                    + " interval, the p-values, the questions that got worst, and the smallest drop each check"
                    + " would catch. Runs of another relevance mode, judge model or metric version are refused.",
            "Both files may be a baseline (written by raglens baseline) or a benchmark.json."
        })
final class GateCommand implements Callable<Integer> {

    /** The exit code of a significant regression. */
    static final int EXIT_REGRESSION = 4;

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--baseline", required = true, paramLabel = "OLD.json", description = "The committed baseline.")
    Path baseline;

    @Option(
            names = "--current",
            paramLabel = "NEW.json",
            description = "Today's run (default: the workspace's benchmark.json).")
    Path current;

    @Option(
            names = "--metrics",
            split = ",",
            paramLabel = "LIST",
            description = "Metrics to check, e.g. ndcg@10,hit@5 (default: hit, mrr and ndcg at the largest K).")
    List<String> metrics = new ArrayList<>();

    @Option(
            names = "--min-effect",
            paramLabel = "X",
            description = "The smallest drop that may fail, in the metric's units (default: ${DEFAULT-VALUE}).")
    double minEffect = 0.02;

    @Option(
            names = "--alpha",
            paramLabel = "X",
            description = "Family-wise significance level after Holm's correction (default: ${DEFAULT-VALUE}).")
    double alpha = 0.05;

    @Option(
            names = "--permutations",
            paramLabel = "N",
            description = "Sign flips per test (default: ${DEFAULT-VALUE}; raised when the checks' Holm family"
                    + " needs more to reach its threshold).")
    int permutations = 10_000;

    @Option(
            names = "--require-detectable",
            paramLabel = "DROP",
            description = "Exit 4 also when a check could not catch a true drop of DROP in 80%% of runs (too few"
                    + " questions for a pass to mean anything); every run prints the drop each check would catch.")
    Double requireDetectable;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path currentFile = current != null ? current : parent.workspace.resolve("benchmark.json");
        GateResult report;
        try {
            GateOptions.Builder options = GateOptions.builder()
                    .metrics(metrics)
                    .minEffect(minEffect)
                    .alpha(alpha)
                    .permutations(permutations);
            if (requireDetectable != null) {
                options.catchingDropsOf(requireDetectable);
            }
            report = RagLens.gate(RagLens.readBaseline(baseline), RagLens.readBaseline(currentFile), options.build());
        } catch (IllegalArgumentException e) {
            err.println("raglens gate: " + inCliTerms(e.getMessage()));
            err.println("see raglens gate --help");
            err.flush();
            return CommandLine.ExitCode.USAGE;
        }
        out.println(report.message());
        out.flush();
        return report.passed() ? CommandLine.ExitCode.OK : EXIT_REGRESSION;
    }

    /** The library's remedies, as the commands a CLI user types. */
    private static String inCliTerms(String message) {
        return message.replace(
                        "record one from a benchmark with RagLens.baseline().write(file)",
                        "record one with raglens baseline --out FILE")
                .replace(
                        "write a baseline from a benchmark with RagLens.baseline().write(file)",
                        "write a baseline with raglens baseline --out FILE");
    }
}
