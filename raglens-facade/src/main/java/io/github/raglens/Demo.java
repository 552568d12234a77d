package io.github.raglens;

import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.IndexResult;
import io.github.raglens.result.IngestResult;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The whole offline pipeline on the bundled sample corpus: ingest, index with the local embedding
 * model, benchmark the retrievers on the hand-checked questions (evidence relevance), report. Needs no
 * key and no server.
 */
public final class Demo {

    private Demo() {}

    /**
     * What the demo did.
     *
     * @param corpus the folder the sample corpus was written to
     * @param ingest the ingest stage's outcome
     * @param index the index stage's outcome
     * @param questions the hand-checked questions whose evidence the parser kept
     * @param bundledQuestions all hand-checked questions
     * @param benchmark the benchmark
     * @param report the HTML report
     */
    public record Result(
            Path corpus,
            IngestResult ingest,
            IndexResult index,
            int questions,
            int bundledQuestions,
            BenchmarkResult benchmark,
            Path report) {}

    /**
     * Runs the demo in the builder's workspace; the sample corpus goes to {@code sample-corpus/} in it.
     *
     * @param builder the configuration (its workspace, embeddings and retrievers are used; the
     *     relevance is set to {@code evidence})
     * @param progress receives every stage's progress
     */
    public static Result run(RagLens.Builder builder, ProgressListener progress) {
        Objects.requireNonNull(progress, "progress");
        RagLens lens = builder.relevance(Relevance.EVIDENCE).build();
        Path corpus = SampleCorpus.writeTo(lens.workspace().dir().resolve("sample-corpus"));
        IngestResult ingest = lens.ingest(corpus, progress);
        IndexResult index = lens.index(progress);
        List<QuestionSample> questions =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));
        BenchmarkResult benchmark = lens.benchmark(questions, progress);
        Path report = lens.report(questions);
        return new Result(
                corpus,
                ingest,
                index,
                questions.size(),
                SampleCorpus.questions().size(),
                benchmark,
                report);
    }
}
