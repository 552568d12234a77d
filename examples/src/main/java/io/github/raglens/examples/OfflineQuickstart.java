package io.github.raglens.examples;

import io.github.raglens.RagLens;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The offline quickstart: benchmark the five retrievers on the bundled sample corpus and its
 * hand-checked questions, with the local embedding model. No key, no server.
 */
public final class OfflineQuickstart {

    private OfflineQuickstart() {}

    /** Runs the quickstart; the optional argument is the workspace folder. */
    public static void main(String[] args) throws Exception {
        Path workspace = args.length > 0 ? Path.of(args[0]) : Files.createTempDirectory("raglens-quickstart");
        Path docs = SampleCorpus.writeTo(workspace.resolve("sample-corpus"));

        RagLens lens = RagLens.builder()
                .workspace(workspace)
                .relevance(Relevance.EVIDENCE)
                .build();
        lens.ingest(docs);
        lens.index();
        List<QuestionSample> questions =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));
        BenchmarkResult report = lens.benchmark(questions, (stage, done, total, status) -> {});

        for (RetrieverSummary s : report.retrievers()) {
            System.out.printf(
                    Locale.ROOT,
                    "%-14s hit@5 %.3f  mrr@10 %.3f%n",
                    s.retriever(),
                    s.metrics().get("hit@5").mean(),
                    s.metrics().get("mrr@10").mean());
        }
        System.out.println("report: " + lens.report(questions));
    }
}
