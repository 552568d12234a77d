package io.github.raglens.benchmarks;

import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.JudgedRelevanceResult;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.store.ChunksFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * What judged relevance costs per question: the bundled sample corpus ingested and indexed (local
 * ONNX embeddings), its hand-checked questions, the five retrievers bm25, dense, hybrid, hierarchical
 * and hier-neighbor pooled at depth 10; the dry run's count of grading calls, the pool's passages
 * after merging and those holding the evidence, and the calls the grading then sent (a judge that
 * answers grade 1 and counts; the grades do not change the counts). Then a sixth retriever
 * (hybrid-rrf) is added and its dry run gives the calls of its unseen passages alone. Exit 1 when a
 * dry run and the calls sent differ.
 */
@Command(
        name = "pooling-calls",
        description = "Judged relevance: grading calls per question at depth 10 with five retrievers, after"
                + " merging, on the sample corpus; and what a sixth retriever adds.")
final class PoolingCallsBenchmark implements Callable<Integer> {

    @Option(names = "--depth", defaultValue = "10", description = "Passages of each retriever pooled (default: 10).")
    int depth;

    @Override
    public Integer call() throws IOException {
        Path dir = Files.createTempDirectory("raglens-pooling-calls");
        AtomicLong calls = new AtomicLong();
        LlmProvider judge = new LlmProvider() {
            @Override
            public String modelName() {
                return "bench/grader";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                calls.incrementAndGet();
                return new ChatOutcome.Completed("{\"reason\":\"r\",\"grade\":1}", new TokenUsage(300, 12));
            }
        };
        List<RetrieverKind> five = List.of(
                RetrieverKind.BM25,
                RetrieverKind.DENSE,
                RetrieverKind.HYBRID,
                RetrieverKind.HIERARCHICAL,
                RetrieverKind.HIER_NEIGHBOR);
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve("ws"))
                .retrievers(five.toArray(RetrieverKind[]::new))
                .relevance(Relevance.JUDGED)
                .judge(() -> judge)
                .build();
        lens.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        lens.index();
        List<QuestionSample> questions =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));
        int n = questions.size();
        long estimated = lens.estimateJudgedRelevance(questions, depth, false).calls();
        JudgedRelevanceResult pool = lens.judgeRelevance(questions, depth, false, ProgressListener.NONE);
        long sent = calls.get();
        System.out.printf(
                "%d questions, %d retrievers at depth %d: at most %d passages a question before merging; %s%n",
                n, five.size(), depth, five.size() * depth, pool.describe());
        System.out.printf(
                "grading calls: %d estimated, %d sent: %.2f a question%n", estimated, sent, (double) sent / n);
        RagLens six = lens.toBuilder()
                .retrievers(
                        RetrieverKind.BM25,
                        RetrieverKind.DENSE,
                        RetrieverKind.HYBRID,
                        RetrieverKind.HIERARCHICAL,
                        RetrieverKind.HIER_NEIGHBOR,
                        RetrieverKind.HYBRID_RRF)
                .build();
        long sixthEstimated =
                six.estimateJudgedRelevance(questions, depth, false).calls();
        six.judgeRelevance(questions, depth, false, ProgressListener.NONE);
        long sixthSent = calls.get() - sent;
        System.out.printf(
                "a sixth retriever (hybrid-rrf): %d calls estimated, %d sent: %.2f a question%n",
                sixthEstimated, sixthSent, (double) sixthSent / n);
        new Figures("pooling-calls")
                .put("questions", n)
                .put("retrievers", five.size())
                .put("depth", depth)
                .put("pooledPerQuestion", (double) pool.pooled() / n)
                .put("evidencePassagesPerQuestion", (double) pool.byEvidence() / n)
                .put("callsEstimated", estimated)
                .put("callsSent", sent)
                .put("callsPerQuestion", (double) sent / n)
                .put("sixthRetrieverCallsPerQuestion", (double) sixthSent / n)
                .print();
        return estimated == sent && sixthEstimated == sixthSent ? 0 : 1;
    }
}
