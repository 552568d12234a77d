package io.github.raglens.cli;

import io.github.raglens.Demo;
import io.github.raglens.RagLens;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.MetricSummary;
import java.io.PrintWriter;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParentCommand;

/** {@code raglens demo}: the whole offline pipeline on the bundled sample corpus. */
@Command(
        name = "demo",
        mixinStandardHelpOptions = true,
        description = "Run the whole offline pipeline (ingest, index with local embeddings, benchmark of the"
                + " five retrievers on hand-checked questions, report) on the bundled sample corpus.")
final class DemoCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        long t0 = System.nanoTime();
        Demo.Result r;
        try (StageProgress progress = new StageProgress(parent)) {
            r = Demo.run(RagLens.builder().workspace(parent.workspace), progress);
        }
        out.printf(
                Locale.ROOT,
                "sample corpus: %s (%d files, %d chunks); %d of %d hand-checked questions; relevance: evidence%n%n",
                r.corpus(),
                r.ingest().report().ok(),
                r.ingest().chunks(),
                r.questions(),
                r.bundledQuestions());
        out.println("| retriever | hit@1 | hit@5 | hit@10 | mrr@10 | p50 ms |");
        out.println("|---|---|---|---|---|---|");
        for (RetrieverSummary s : r.benchmark().retrievers()) {
            out.printf(
                    Locale.ROOT,
                    "| %s | %s | %s | %s | %s | %.2f |%n",
                    s.retriever(),
                    cell(s, "hit@1"),
                    cell(s, "hit@5"),
                    cell(s, "hit@10"),
                    cell(s, "mrr@10"),
                    s.latency().p50Millis());
        }
        out.println();
        out.println("p50 ms: " + r.benchmark().latencyTiming().describe()
                + "; every retriever but bm25 includes embedding the query");
        out.printf(Locale.ROOT, "report: %s (%.1f s)%n", r.report(), (System.nanoTime() - t0) / 1e9);
        out.flush();
        return r.ingest().complete() ? CommandLine.ExitCode.OK : RaglensCli.EXIT_PARTIAL;
    }

    private static String cell(RetrieverSummary s, String metric) {
        MetricSummary m = s.metrics().get(metric);
        return m == null ? "–" : String.format(Locale.ROOT, "%.3f [%.2f, %.2f]", m.mean(), m.lower(), m.upper());
    }
}
