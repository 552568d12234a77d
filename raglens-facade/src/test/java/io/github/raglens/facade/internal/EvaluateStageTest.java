package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.EvaluateOptions;
import io.github.raglens.EvaluationEstimate;
import io.github.raglens.NuggetSheet;
import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.error.ParseException;
import io.github.raglens.error.RagLensException;
import io.github.raglens.error.UnknownPriceException;
import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.facade.internal.ReportModel.UsageRow;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.AnswerSummary;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.Calibration;
import io.github.raglens.result.EvaluationResult;
import io.github.raglens.result.JudgeAgreement;
import io.github.raglens.result.JudgeAgreement.JudgeDisagreement;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.SimulatedJudge;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.usage.UsageMetered;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
                        .relevance(Relevance.EVIDENCE)
                        .llm(this::answerer))
                .build();
        lens.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        lens.index();
        List<QuestionSample> samples =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(lens.workspace().questions(), QuestionSample.class, QuestionSample::sourceChunkId)) {
            for (QuestionSample q : samples) {
                store.append(new QuestionSample(
                        q.id(),
                        q.question(),
                        q.referenceAnswer(),
                        q.evidence(),
                        q.sourceChunkId() + "#" + q.id(),
                        q.documentId(),
                        q.sectionId(),
                        QuestionStatus.SUCCESS,
                        "",
                        false,
                        "hand/checked"));
            }
        }
        return lens;
    }

    private static EvaluateOptions options() {
        return EvaluateOptions.builder()
                .sample(4)
                .contexts(3)
                .metrics(List.of(JudgeMetric.ROUGE_L, JudgeMetric.SUBSTRING_MATCH))
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
        Baseline scores = BaselineRecorder.read(lens.workspace().evaluationBaseline());
        assertThat(scores.source()).isEqualTo("evaluation");
        assertThat(scores.metrics("bm25")).containsExactly("rouge_l", "substring_match");
        assertThat(scores.values("bm25", "rouge_l")).hasSize(4);
        // one stage, answers and cells together: 4 answers and 8 cells
        assertThat(lastDone.get("evaluate")).isEqualTo(12L).isEqualTo(totals.get("evaluate"));
        assertThat(lastDone).containsOnlyKeys("evaluate");
    }

    @Test
    void evaluate_questionsSharingAnId_areMergedOnce_insteadOfAbortingTheSample() {
        RagLens lens = prepared();
        List<QuestionSample> samples =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(lens.workspace().questions(), QuestionSample.class, QuestionSample::sourceChunkId)) {
            // A second chunk quoting the same evidence: the same question id from another chunk.
            for (QuestionSample q : samples.subList(0, 2)) {
                store.append(new QuestionSample(
                        q.id(),
                        q.question(),
                        q.referenceAnswer(),
                        q.evidence(),
                        "another-chunk#" + q.id(),
                        q.documentId(),
                        q.sectionId(),
                        QuestionStatus.SUCCESS,
                        "",
                        false,
                        "hand/checked"));
            }
        }
        EvaluationResult r = lens.evaluate(
                EvaluateOptions.builder()
                        .sample(samples.size() + 2)
                        .contexts(3)
                        .metrics(List.of(JudgeMetric.ROUGE_L))
                        .build(),
                ProgressListener.NONE);
        assertThat(r.questions()).isEqualTo(samples.size());
        assertThat(calls).hasValue(samples.size());
    }

    @Test
    void budget_withAModelOfUnknownPrice_refusesToStart_namingTheModelAndTheOption() {
        RagLens lens = prepared();
        EvaluateOptions withBudget = EvaluateOptions.builder()
                .sample(4)
                .contexts(3)
                .metrics(List.of(JudgeMetric.ROUGE_L))
                .budgetUsd(1)
                .build();
        assertThatThrownBy(() -> lens.evaluate(withBudget, ProgressListener.NONE))
                .isInstanceOf(UnknownPriceException.class)
                .hasMessage("a budget needs the price of every paid model, and none is known for 'fake/answerer';"
                        + " give it with EvaluateOptions.Builder.answerPrice(TokenPrice.of(inputPerMillion,"
                        + " outputPerMillion))")
                .satisfies(e ->
                        assertThat(((UnknownPriceException) e).role()).isEqualTo(UnknownPriceException.Role.ANSWERS));
        assertThat(calls).hasValue(0);
        assertThat(lens.workspace().answers()).doesNotExist();
    }

    @Test
    void budget_coversTheAnswers_atTheAnsweringModelsOwnPrice() {
        RagLens lens = prepared();
        // $1 a prompt token: every answer (100 prompt tokens) costs $100; $250 pays for three.
        EvaluateOptions withBudget = EvaluateOptions.builder()
                .sample(4)
                .contexts(3)
                .metrics(List.of(JudgeMetric.ROUGE_L))
                .answerPrice(TokenPrice.of(1_000_000, 0))
                .budgetUsd(250)
                .build();
        assertThatThrownBy(() -> lens.evaluate(withBudget, ProgressListener.NONE))
                .isInstanceOf(RagLensException.class)
                .hasMessage("answering stopped: budget of $250.00 reached");
        assertThat(calls).hasValue(3);
        assertThat(UsageFile.read(lens.workspace().usage()))
                .singleElement()
                .satisfies(r -> assertThat(r.costUsd()).isEqualTo(300.0));
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
    void nuggets_madeOncePerQuestionForEverySystem_countedByTheDryRun_andAnEditAsksOnlyThatNuggetAgain() {
        RagSystem mine = new RagSystem() {
            @Override
            public String name() {
                return "my-app";
            }

            @Override
            public RagAnswer answer(String question) {
                return new RagAnswer(
                        "Rotors turn with the tides.", List.of(RetrievedContext.of("The tides turn rotors.")));
            }
        };
        SimulatedJudge judge = SimulatedJudge.of();
        RagLens lens = prepared(b -> b.bm25().system(mine).judge(() -> judge));
        EvaluateOptions nuggets = EvaluateOptions.builder()
                .sample(4)
                .contexts(3)
                .metrics(List.of(
                        JudgeMetric.NUGGETS,
                        JudgeMetric.NUGGETS_STRICT_VITAL,
                        JudgeMetric.NUGGETS_ALL,
                        JudgeMetric.NUGGETS_STRICT_ALL))
                .build();

        EvaluationEstimate estimate = lens.estimateEvaluation(nuggets);
        EvaluationResult r = lens.evaluate(nuggets, ProgressListener.NONE);

        // per question: one call for its nuggets, one per system's answer for the labels, shared by the
        // four scores (two systems giving the same answer would share it too)
        assertThat(judge.calls()).isEqualTo(4 + 4 * 2);
        assertThat(estimate.judging().calls()).isEqualTo(judge.calls());
        assertThat(r.scoring().scored() + r.scoring().failed()).isEqualTo(4 * 2 * 4);
        assertThat(r.aggregation().metrics())
                .extracting(Aggregation.MetricSummary::metric)
                .containsExactly("nuggets", "nuggets_strict_vital", "nuggets_all", "nuggets_strict_all");
        List<NuggetSheet> sheets = lens.nuggets().sheets();
        assertThat(sheets).hasSize(4).allSatisfy(sheet -> {
            assertThat(sheet.questionId()).isNotEmpty();
            assertThat(sheet.nuggets())
                    .isNotEmpty()
                    .allSatisfy(n -> assertThat(n.labels())
                            .extracting(NuggetSheet.Label::system)
                            .containsExactlyInAnyOrder("bm25", "my-app"));
        });
        assertThat(lens.workspace().nuggets()).exists();

        NuggetSheet first = sheets.get(0);
        lens.nuggets().edit(first.key(), first.nuggets().get(0).id(), "Tidal power uses the tides", true);
        assertThat(lens.estimateEvaluation(nuggets).judging().calls()).isEqualTo(2);
        lens.evaluate(nuggets, ProgressListener.NONE);
        assertThat(judge.calls()).isEqualTo(12 + 2);
        NuggetSheet.Item edited = lens.nuggets().sheets().stream()
                .filter(sh -> sh.key().equals(first.key()))
                .findFirst()
                .orElseThrow()
                .nuggets()
                .get(0);
        assertThat(edited.origin()).isEqualTo("person");
        assertThat(edited.text()).isEqualTo("Tidal power uses the tides");
        assertThat(edited.labels()).hasSize(2);
        assertThatThrownBy(() -> lens.nuggets().edit(first.key(), "n99", "x", false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("question " + first.key() + " has no nugget 'n99'; its nuggets are [n1");
    }

    /** A user's application whose answers change when it is redeployed, with or without a version. */
    private static final class Redeployed implements RagSystem {
        volatile String answer = "Tidal power uses the tides.";
        volatile Optional<String> version = Optional.empty();

        @Override
        public String name() {
            return "my-app";
        }

        @Override
        public Optional<String> version() {
            return version;
        }

        @Override
        public RagAnswer answer(String question) {
            return new RagAnswer(answer, List.of(RetrievedContext.of("The tides turn rotors.")));
        }
    }

    @Test
    void ownSystem_changedBehindTheSameName_isAskedAnew_andTheReportSaysWhatWasReused() throws Exception {
        Redeployed app = new Redeployed();
        RagLens lens = prepared(b -> b.bm25().system(app));
        lens.evaluate(options(), ProgressListener.NONE);

        app.answer = "I don't know."; // redeployed under the same name, declaring no version
        EvaluationResult changed = lens.evaluate(options(), ProgressListener.NONE);
        assertThat(changed.answers().alreadyAnswered())
                .as("bm25's pipeline only")
                .isEqualTo(4);
        assertThat(changed.answers().systems())
                .containsExactly(
                        new AnswerSummary.SystemAnswers("bm25", false, Optional.of("fake/answerer"), 4, 0, 0),
                        new AnswerSummary.SystemAnswers("my-app", true, Optional.empty(), 0, 4, 0));
        assertThat(Files.readAllLines(lens.workspace().answers()))
                .filteredOn(line -> line.contains("I don't know."))
                .hasSize(4);
        assertThat(EvaluationFile.answers(lens.workspace().evaluation())).contains(changed.answers());

        app.version = Optional.of("2.0");
        lens.evaluate(options(), ProgressListener.NONE);
        EvaluationResult same = lens.evaluate(options(), ProgressListener.NONE);
        assertThat(same.answers().systems().get(1))
                .isEqualTo(new AnswerSummary.SystemAnswers("my-app", true, Optional.of("2.0"), 4, 0, 0));

        lens.benchmark();
        String html = Files.readString(lens.report());
        assertThat(html)
                .contains("<tr><th>bm25</th><td>fake/answerer</td><td>4</td><td>0</td><td>0</td></tr>")
                .contains("<tr><th>my-app</th><td>version 2.0</td><td>4</td><td>0</td><td>0</td></tr>");
        assertThat(Manifest.load(lens.workspace().manifest()).entry(Stage.EVALUATE))
                .hasValueSatisfying(e -> assertThat(e.description()).contains("version 2.0"));
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
    private static final class CountingEmbeddings implements EmbeddingProvider, UsageMetered<CountingEmbeddings> {
        private final UsageLedger ledger;
        private final String stage;
        final AtomicLong words;

        CountingEmbeddings() {
            this(null, "default", new AtomicLong());
        }

        private CountingEmbeddings(UsageLedger ledger, String stage, AtomicLong words) {
            this.ledger = ledger;
            this.stage = stage;
            this.words = words;
        }

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
            if (ledger != null) {
                ledger.record(stage, modelName(), new TokenUsage(n, 0));
            }
            return out;
        }

        @Override
        public CountingEmbeddings meteredBy(UsageLedger l, String s) {
            return new CountingEmbeddings(l, s, words);
        }
    }

    @Test
    void usage_countsTheEmbeddingCallsOfIndexBenchmarkAndAnswers_perStage() {
        CountingEmbeddings embeddings = new CountingEmbeddings();
        RagLens lens = prepared(b -> b.embeddings(() -> embeddings).retrievers(RetrieverKind.DENSE));
        long indexWords = embeddings.words.get();
        lens.index(); // current: embeds nothing, counts nothing
        lens.benchmark();
        long benchmarkWords = embeddings.words.get() - indexWords;
        lens.evaluate(options(), ProgressListener.NONE);
        long answerWords = embeddings.words.get() - indexWords - benchmarkWords;

        Map<String, UsageRow> rows = UsageFile.read(lens.workspace().usage()).stream()
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

    /** A judge that claims one statement per text and rules on it by the premise's parity. */
    private final AtomicInteger judgeCalls = new AtomicInteger();

    private LlmProvider parityJudge() {
        return new LlmProvider() {
            @Override
            public String modelName() {
                return "fake/judge";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                judgeCalls.incrementAndGet();
                String schema = request.schema().orElseThrow().name();
                String reply = switch (schema) {
                    case "statements" -> "{\"statements\":[\"Tidal power uses the tides.\"]}";
                    case "verdicts" ->
                        "{\"verdicts\":[{\"index\":1,\"reason\":\"r\",\"verdict\":"
                                + (request.allText().hashCode() & 1) + "}]}";
                    default -> throw new AssertionError("unexpected " + schema);
                };
                return new ChatOutcome.Completed(reply, new TokenUsage(50, 10));
            }
        };
    }

    @Test
    void repeats_reportSelfConsistency() {
        RagLens lens = prepared(b -> b.bm25().judge(this::parityJudge));
        EvaluationResult first = lens.evaluate(
                EvaluateOptions.builder()
                        .sample(4)
                        .contexts(3)
                        .metrics(List.of(JudgeMetric.FAITHFULNESS))
                        .repeats(2)
                        .build(),
                ProgressListener.NONE);
        assertThat(first.selfConsistency()).hasSize(1);
        assertThat(first.selfConsistency().getFirst().repeats()).isEqualTo(2);
        assertThat(first.selfConsistency().getFirst().cells()).isEqualTo(4);
        assertThat(first.calibration()).isEmpty();
    }

    @Test
    void drawnAndRecordedLabels_correctTheJudgesMean_inTheResultAndEvaluationJson_handPickedOnesOnlyAgree()
            throws Exception {
        RagLens lens = prepared(b -> b.bm25().judge(this::parityJudge));
        EvaluateOptions.Builder options = EvaluateOptions.builder()
                .sample(12)
                .contexts(3)
                .metrics(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.ROUGE_L));
        lens.evaluate(options.build(), ProgressListener.NONE);

        List<LabelRequest> drawn = lens.labels().drawLabels("faithfulness", 10, LabelDesign.PER_SYSTEM);
        assertThat(drawn).hasSize(10);
        assertThat(lens.labels().drawLabels("faithfulness", 4, LabelDesign.PER_SYSTEM))
                .isEqualTo(drawn.subList(0, 4));
        Map<String, Double> judge = new HashMap<>();
        io.github.raglens.eval.scoring.Scorer.read(lens.workspace().scores()).stream()
                .filter(r -> r.metric().equals("faithfulness"))
                .forEach(r -> judge.put(r.questionId(), r.score()));
        assertThat(judge).hasSize(12);
        Instant at = Instant.parse("2026-03-01T12:00:00Z");
        for (int i = 0; i < drawn.size(); i++) {
            LabelRequest r = drawn.get(i);
            assertThat(r.answer()).isEqualTo("Tidal power uses the tides.");
            double score = judge.get(r.questionId());
            lens.labels().recordLabel(r.label(i < 3 ? 1 - score : score, "ana", at.plusSeconds(i)));
        }
        String handPicked = judge.keySet().stream()
                .filter(q -> drawn.stream().noneMatch(r -> r.questionId().equals(q)))
                .findFirst()
                .orElseThrow();
        Files.writeString(
                lens.workspace().humanLabels(),
                "{\"retriever\":\"bm25\",\"questionId\":\"" + handPicked
                        + "\",\"metric\":\"faithfulness\",\"score\":1}\n",
                java.nio.file.StandardOpenOption.APPEND);

        int callsBefore = judgeCalls.get();
        EvaluationResult second = lens.evaluate(
                options.humanLabels(lens.workspace().humanLabels()).build(), ProgressListener.NONE);
        assertThat(judgeCalls.get()).as("labels cost no judge call").isEqualTo(callsBefore);
        Calibration calibration = second.calibration().orElseThrow();
        var m = calibration.metrics().getFirst();
        assertThat(m.agreement().cells()).isEqualTo(11);
        assertThat(m.drawnLabels()).isEqualTo(10);
        assertThat(m.agreementOnlyLabels()).isEqualTo(1);
        List<String> labelled =
                drawn.stream().map(LabelRequest::questionId).sorted().toList();
        List<String> rest = judge.keySet().stream()
                .filter(q -> !labelled.contains(q))
                .sorted()
                .toList();
        double[] labelledJudge = labelled.stream().mapToDouble(judge::get).toArray();
        double[] human = new double[labelled.size()];
        for (int i = 0; i < human.length; i++) {
            String q = labelled.get(i);
            boolean flipped =
                    drawn.subList(0, 3).stream().anyMatch(r -> r.questionId().equals(q));
            human[i] = flipped ? 1 - judge.get(q) : judge.get(q);
        }
        assertThat(m.byRetriever().get("bm25"))
                .isEqualTo(io.github.raglens.eval.stats.PredictionPoweredInference.estimate(
                        rest.stream().mapToDouble(judge::get).toArray(), labelledJudge, human));
        assertThat(Files.readString(lens.workspace().evaluation())).contains("\"calibration\"");
        assertThat(lens.labels().calibration(lens.workspace().humanLabels())).isEqualTo(calibration);
    }

    @Test
    void labelsOfAnUnknownQuestionOrANonJudgeMetric_areErrorsNamingTheLine_beforeAnyCall() throws Exception {
        RagLens lens = prepared(b -> b.bm25().judge(this::parityJudge));
        EvaluateOptions options = EvaluateOptions.builder()
                .sample(4)
                .contexts(3)
                .metrics(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.ROUGE_L))
                .build();
        String known = SampleCorpus.questionSamples(
                        ChunksFile.read(lens.workspace().chunks()))
                .getFirst()
                .id();
        Path unknownQuestion = Files.writeString(dir.resolve("q.jsonl"), """
                {"retriever":"bm25","questionId":"%s","metric":"faithfulness","score":1}
                {"retriever":"bm25","questionId":"w2726","metric":"faithfulness","score":1}
                """.formatted(known));
        Path textMetric = Files.writeString(dir.resolve("m.jsonl"), """
                {"retriever":"bm25","questionId":"%s","metric":"rouge_l","score":1}
                """.formatted(known));
        Path unknownSystem = Files.writeString(dir.resolve("s.jsonl"), """
                {"retriever":"dense","questionId":"%s","metric":"faithfulness","score":1}
                """.formatted(known));
        Path bad = Files.writeString(dir.resolve("bad.jsonl"), "{\"retriever\":\"bm25\"}\n");
        assertThatThrownBy(() -> lens.evaluate(
                        options.toBuilder().humanLabels(unknownQuestion).build(), ProgressListener.NONE))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + unknownQuestion + ": line 2: question 'w2726' is not a question of this"
                        + " workspace; label the questions of questions.jsonl (raglens label-sample draws them)");
        assertThatThrownBy(() -> lens.evaluate(
                        options.toBuilder().humanLabels(textMetric).build(), ProgressListener.NONE))
                .hasMessage("cannot parse " + textMetric + ": line 1: metric 'rouge_l' is not a judge metric of this"
                        + " evaluation; label one of faithfulness");
        assertThatThrownBy(() -> lens.evaluate(
                        options.toBuilder().humanLabels(unknownSystem).build(), ProgressListener.NONE))
                .hasMessage("cannot parse " + unknownSystem + ": line 1: retriever 'dense' was not evaluated; the"
                        + " systems are bm25");
        assertThatThrownBy(
                        () -> lens.evaluate(options.toBuilder().humanLabels(bad).build(), ProgressListener.NONE))
                .hasMessageContaining("line 1: field 'questionId' must be a non-empty string");
        assertThat(judgeCalls.get() + calls.get()).as("nothing was sent").isZero();
    }

    @Test
    void secondJudge_scoresTheSameCells_andTheResultShowsAgreementAndTheLargestDisagreements() {
        LlmProvider lenient = new LlmProvider() {
            @Override
            public String modelName() {
                return "fake/lenient";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                String reply = request.schema().orElseThrow().name().equals("statements")
                        ? "{\"statements\":[\"Tidal power uses the tides.\"]}"
                        : "{\"verdicts\":[{\"index\":1,\"reason\":\"r\",\"verdict\":1}]}";
                return new ChatOutcome.Completed(reply, new TokenUsage(50, 10));
            }
        };
        RagLens lens = prepared(b -> b.bm25().judge(this::parityJudge).secondJudge(() -> lenient));
        EvaluationResult r = lens.evaluate(EvaluateOptions.builder()
                .sample(4)
                .contexts(3)
                .metrics(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.ROUGE_L))
                .build());
        assertThat(r.judgeAgreement()).hasSize(1);
        assertThat(r.judgeAgreement().getFirst().judgeA()).isEqualTo("fake/judge");
        assertThat(r.judgeAgreement().getFirst().judgeB()).isEqualTo("fake/lenient");
        assertThat(r.judgeAgreement().getFirst().cells()).isEqualTo(4);
        List<io.github.raglens.eval.scoring.ScoreRecord> strict =
                io.github.raglens.eval.scoring.Scorer.read(lens.workspace().scores()).stream()
                        .filter(x -> x.judgeModel().equals("fake/judge")
                                && x.metric().equals("faithfulness"))
                        .toList();
        long failedByStrict = strict.stream().filter(x -> x.score() == 0).count();
        assertThat(failedByStrict).as("the parity judge fails some cells").isPositive();
        assertThat(r.disagreements()).hasSize((int) failedByStrict);
        assertThat(r.disagreements()).allSatisfy(d -> {
            assertThat(d.scoreA()).isZero();
            assertThat(d.scoreB()).isEqualTo(1.0);
        });
    }

    @Test
    void report_hasASecondJudgeSection_withAgreementAndTheCellsTheJudgesDisagreeOnMost() throws Exception {
        LlmProvider lenient = new LlmProvider() {
            @Override
            public String modelName() {
                return "fake/<b>lenient</b>";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                String reply = request.schema().orElseThrow().name().equals("statements")
                        ? "{\"statements\":[\"Tidal power uses the tides.\"]}"
                        : "{\"verdicts\":[{\"index\":1,\"reason\":\"r\",\"verdict\":1}]}";
                return new ChatOutcome.Completed(reply, new TokenUsage(50, 10));
            }
        };
        RagLens lens = prepared(b -> b.bm25().judge(this::parityJudge).secondJudge(() -> lenient));
        EvaluateOptions alone = EvaluateOptions.builder()
                .sample(4)
                .contexts(3)
                .metrics(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.ROUGE_L))
                .build();
        EvaluationResult r = lens.evaluate(alone);
        lens.benchmark();
        String html = Files.readString(lens.report());
        String md = Files.readString(lens.workspace().reportMarkdown());
        JudgeAgreement a = r.judgeAgreement().getFirst();
        String kappa = a.kappa().isPresent()
                ? String.format(java.util.Locale.ROOT, "%.3f", a.kappa().getAsDouble())
                : "–";
        assertThat(html)
                .contains("<section id=\"second-judge\"><h2>Second judge</h2>")
                .contains("fake/&lt;b&gt;lenient&lt;/b&gt; scored the same cells as fake/judge")
                .contains("<tr><th>faithfulness</th><td>4</td><td>–</td><td>" + kappa + "</td></tr>")
                .contains("<h3>Where the judges disagree most</h3>")
                .doesNotContain("<b>lenient</b>");
        JudgeDisagreement d = r.disagreements().getFirst();
        assertThat(html)
                .contains("<tr><td>faithfulness</td><td>bm25</td><td>" + d.questionId()
                        + "</td><td>0.000</td><td>1.000</td><td>1.000</td></tr>");
        assertThat(md).contains("## Second judge").contains("| faithfulness | 4 | – | " + kappa + " |");

        // judged again without a second judge: the old comparison leaves the report
        RagLens.builder()
                .workspace(dir.resolve("ws"))
                .relevance(Relevance.EVIDENCE)
                .llm(this::answerer)
                .bm25()
                .judge(this::parityJudge)
                .build()
                .evaluate(alone);
        assertThat(lens.workspace().judgeAgreement()).doesNotExist();
        assertThat(Files.readString(lens.report())).doesNotContain("Second judge");
    }
}
