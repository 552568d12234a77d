package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.eval.judge.Aggregation;
import io.github.raglens.eval.questions.QuestionRecord;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.providers.UsageLedger;
import io.github.raglens.providers.UsageMetered;
import io.github.raglens.report.ReportModel.UsageRow;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.store.JsonlStore;
import io.github.raglens.workspace.Manifest;
import io.github.raglens.workspace.Stage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The evaluate stage on the sample corpus with a scripted answering model and judge-free metrics. */
class EvaluateStageTest {

    @TempDir
    Path dir;

    private final AtomicInteger calls = new AtomicInteger();

    private String modelName = "fake/answerer";

    private LlmProvider answerer() {
        return new LlmProvider() {
            @Override
            public String modelName() {
                return modelName;
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                calls.incrementAndGet();
                return new ChatOutcome.Completed("Tidal power uses the tides.", new TokenUsage(100, 7));
            }
        };
    }

    private RagLens prepared() {
        return prepared(RagLens.Builder::bm25);
    }

    private RagLens prepared(UnaryOperator<RagLens.Builder> retrieval) {
        RagLens lens = retrieval
                .apply(RagLens.builder()
                        .workspace(dir.resolve("ws"))
                        // several questions share a chunk, so their keys carry the question id
                        .relevance("evidence")
                        .llm(this::answerer))
                .build();
        lens.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        lens.index();
        List<QuestionSample> samples =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));
        try (JsonlStore<QuestionRecord> store =
                JsonlStore.open(lens.workspace().questions(), QuestionRecord.class, QuestionRecord::chunkId)) {
            for (QuestionSample q : samples) {
                store.append(new QuestionRecord(
                        q.sourceChunkId() + "#" + q.id(),
                        QuestionRecord.SUCCESS,
                        q.question(),
                        q.referenceAnswer(),
                        q.evidence(),
                        "",
                        q.id(),
                        q.documentId(),
                        q.sectionId(),
                        false,
                        "hand/checked"));
            }
        }
        return lens;
    }

    private static EvaluateOptions options() {
        return EvaluateOptions.builder()
                .sample(4)
                .k(3)
                .metrics(List.of("rouge_l", "substring_match"))
                .build();
    }

    @Test
    void evaluate_answersTheSample_scoresIt_andWritesEvaluationJson() throws Exception {
        RagLens lens = prepared();
        ConcurrentHashMap<String, Long> lastDone = new ConcurrentHashMap<>();
        ConcurrentHashMap<String, Long> totals = new ConcurrentHashMap<>();
        EvaluationResult r = lens.evaluate(options(), (stage, done, total, status) -> {
            lastDone.merge(stage, done, Math::max);
            totals.put(stage, total);
        });

        assertThat(r.questions()).isEqualTo(4);
        assertThat(r.answers().answered()).isEqualTo(4);
        assertThat(calls).hasValue(4);
        assertThat(r.scoring().scored()).isEqualTo(8);
        assertThat(r.complete()).isTrue();
        assertThat(r.aggregation().metrics())
                .extracting(Aggregation.MetricSummary::metric)
                .containsExactly("rouge_l", "substring_match");
        assertThat(Files.readAllLines(lens.workspace().answers())).hasSize(4);
        assertThat(lens.workspace().evaluation()).exists();
        assertThat(lastDone.get("evaluate")).isEqualTo(8L).isEqualTo(totals.get("evaluate"));
        assertThat(lastDone.get("answers")).isEqualTo(4L);
    }

    @Test
    void rechunk_newModel_andUnchangedRerun_reuseExactlyTheAnswersAndScoresStillValid() {
        RagLens lens = prepared();
        EvaluationResult first = lens.evaluate(options(), ProgressListener.NONE);
        assertThat(first.answers().answered()).isEqualTo(4);

        EvaluationResult unchanged = lens.evaluate(options(), ProgressListener.NONE);
        assertThat(unchanged.answers().alreadyAnswered()).isEqualTo(4);
        assertThat(unchanged.scoring().alreadyScored()).isEqualTo(8);
        assertThat(calls).hasValue(4);

        // re-chunk into windows across whole documents and re-index: every retrieved context changes
        RagLens rechunked = lens.toBuilder()
                .chunker(SlidingWindowChunker.builder()
                        .windowChars(700)
                        .overlapChars(100)
                        .build())
                .build();
        rechunked.ingest(dir.resolve("corpus"));
        rechunked.index();
        EvaluationResult afterRechunk = rechunked.evaluate(options(), ProgressListener.NONE);
        assertThat(afterRechunk.answers().alreadyAnswered()).isZero();
        assertThat(afterRechunk.answers().answered()).isEqualTo(4);
        assertThat(afterRechunk.scoring().alreadyScored()).isZero();
        assertThat(calls).hasValue(8);

        modelName = "fake/another-answerer";
        EvaluationResult newModel = rechunked.evaluate(options(), ProgressListener.NONE);
        assertThat(newModel.answers().alreadyAnswered()).isZero();
        assertThat(calls).hasValue(12);
        assertThat(Manifest.load(lens.workspace().manifest()).entry(Stage.EVALUATE))
                .hasValueSatisfying(e -> assertThat(e.description())
                        .contains("answer-model=fake/another-answerer")
                        .contains("k=3"));
    }

    @Test
    void ownSystem_isEvaluatedBesideThePipelines_withTheSameMetrics() {
        RagSystem mine = new RagSystem() {
            @Override
            public String name() {
                return "my-app";
            }

            @Override
            public RagAnswer answer(String question) {
                return new RagAnswer(
                        "Tidal power uses the tides.", List.of(RetrievedContext.of("The tides turn rotors.")));
            }
        };
        RagLens lens = prepared(b -> b.bm25().system(mine));

        EvaluationResult r = lens.evaluate(options(), ProgressListener.NONE);

        assertThat(r.answers().pairs()).isEqualTo(8);
        assertThat(r.answers().answered()).isEqualTo(8);
        assertThat(r.aggregation().metrics())
                .allSatisfy(m -> assertThat(m.retrievers())
                        .extracting(Aggregation.RetrieverSummary::retriever)
                        .containsExactly("bm25", "my-app"));
        assertThat(r.scoring().scored()).isEqualTo(16);
    }

    @Test
    void report_showsTokensAndCostPerStageAndModel_escaped() throws Exception {
        modelName = "fake/<script>alert(1)</script>";
        RagLens lens = prepared();
        lens.evaluate(options(), ProgressListener.NONE);
        lens.benchmark();
        String html = Files.readString(lens.report());
        String md = Files.readString(lens.workspace().reportMarkdown());
        assertThat(html)
                .contains("<h2>Tokens and cost</h2>")
                .contains("<td>answers</td><td>fake/&lt;script&gt;alert(1)&lt;/script&gt;</td><td>4</td><td>400</td>"
                        + "<td>28</td>")
                .doesNotContain("<script>alert(1)");
        assertThat(md).contains("## Tokens and cost").contains("| answers |");
    }

    /** An embedding client that counts a token per word of every text in its ledger, as the HTTP clients do. */
    private static final class CountingEmbeddings implements EmbeddingProvider, UsageMetered {
        private final UsageLedger ledger = new UsageLedger();
        final AtomicLong words = new AtomicLong();

        @Override
        public String modelName() {
            return "openai/text-embedding-3-small";
        }

        @Override
        public int dimension() {
            return 8;
        }

        @Override
        public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
            long n = 0;
            List<float[]> out = new ArrayList<>();
            for (String t : texts) {
                n += t.split("\\s+").length;
                float[] v = new float[8];
                for (String w : t.toLowerCase(Locale.ROOT).split("\\W+")) {
                    v[Math.floorMod(w.hashCode(), 8)] += 1;
                }
                v[0] += 0.5f;
                out.add(v);
            }
            words.addAndGet(n);
            ledger.record("default", modelName(), new TokenUsage(n, 0));
            return out;
        }

        @Override
        public UsageLedger usageLedger() {
            return ledger;
        }
    }

    @Test
    void usage_countsTheEmbeddingCallsOfIndexBenchmarkAndAnswers_perStage() {
        CountingEmbeddings embeddings = new CountingEmbeddings();
        RagLens lens = prepared(b -> b.embeddings(() -> embeddings).retrievers("dense"));
        long indexWords = embeddings.words.get();
        lens.index(); // current: embeds nothing, counts nothing
        lens.benchmark();
        long benchmarkWords = embeddings.words.get() - indexWords;
        lens.evaluate(options(), ProgressListener.NONE);
        long answerWords = embeddings.words.get() - indexWords - benchmarkWords;

        Map<String, UsageRow> rows = UsageLog.read(lens.workspace().usage()).stream()
                .filter(r -> r.model().equals("openai/text-embedding-3-small"))
                .collect(Collectors.toMap(UsageRow::stage, r -> r));
        assertThat(rows.keySet()).containsExactlyInAnyOrder("index", "benchmark", "answers");
        assertThat(indexWords).isPositive();
        assertThat(rows.get("index").promptTokens()).isEqualTo(indexWords);
        assertThat(rows.get("index").costUsd()).isCloseTo(indexWords * 0.02 / 1e6, within(1e-12));
        assertThat(rows.get("benchmark").promptTokens())
                .isEqualTo(benchmarkWords)
                .isPositive();
        assertThat(rows.get("answers").promptTokens()).isEqualTo(answerWords).isPositive();
        assertThat(rows.get("answers").calls()).isPositive();
    }

    @Test
    void rerun_keepsFinishedWork_andSendsNothing() {
        RagLens lens = prepared();
        lens.evaluate(options(), ProgressListener.NONE);
        EvaluationResult second = lens.evaluate(options(), ProgressListener.NONE);
        assertThat(calls).hasValue(4);
        assertThat(second.answers().alreadyAnswered()).isEqualTo(4);
        assertThat(second.scoring().alreadyScored()).isEqualTo(8);
        assertThat(second.scoring().scored()).isZero();
    }

    @Test
    void estimate_countsOnlyWhatIsLeft_andSendsNothing() {
        RagLens lens = prepared();
        EvaluationEstimate before = lens.estimateEvaluation(options());
        assertThat(before.answers().calls()).isEqualTo(4);
        assertThat(before.judging().calls()).isZero();
        assertThat(before.answerModel()).isEqualTo("fake/answerer");
        assertThat(calls).hasValue(0);
        lens.evaluate(options(), ProgressListener.NONE);
        assertThat(lens.estimateEvaluation(options()).answers().calls()).isZero();
    }
}
