package io.github.raglens.eval.scoring;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.eval.answers.AnswerGenerator;
import io.github.raglens.eval.answers.AnswerGeneratorTest;
import io.github.raglens.eval.answers.EvalCases;
import io.github.raglens.eval.answers.PipelineSystem;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Answering and judging overlap, share one limit of calls in flight, and score what the phases score. */
class LiveEvaluationTest {

    @TempDir
    Path dir;

    /** One call as the model saw it. */
    record Call(boolean answer, long startNanos, long endNanos) {}

    /** The simulated judge after a latency, recording every call and the most in flight at once. */
    static final class RecordingModel implements LlmProvider {
        private final SimulatedJudge replies = SimulatedJudge.of();
        private final long latencyMillis;
        final ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger maxInFlight = new AtomicInteger();

        RecordingModel(long latencyMillis) {
            this.latencyMillis = latencyMillis;
        }

        @Override
        public String modelName() {
            return "fake/recording";
        }

        @Override
        public ChatOutcome chat(ChatRequest request) {
            long start = System.nanoTime();
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                Thread.sleep(latencyMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                inFlight.decrementAndGet();
            }
            ChatOutcome outcome = replies.chat(request);
            calls.add(new Call(request.schema().isEmpty(), start, System.nanoTime()));
            return outcome;
        }

        long answers() {
            return calls.stream().filter(Call::answer).count();
        }
    }

    /** Another name for a retriever's very contexts, as two strategies agreeing on a question. */
    record Twin(String name, Retriever of) implements Retriever {
        @Override
        public RetrievalResult retrieve(String query, int k) {
            RetrievalResult r = of.retrieve(query, k);
            return new RetrievalResult(name, query, r.hits(), r.latencyNanos());
        }
    }

    private static List<QuestionSample> questions(int n) {
        List<QuestionSample> out = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            out.add(AnswerGeneratorTest.question("q" + i));
        }
        return out;
    }

    private static List<RagSystem> systems(LlmProvider llm) {
        Retriever bm25 = new AnswerGeneratorTest.FakeRetriever("bm25");
        return List.of(
                PipelineSystem.of(bm25, llm, 3),
                PipelineSystem.of(new AnswerGeneratorTest.FakeRetriever("dense"), llm, 3),
                PipelineSystem.of(new Twin("hybrid", bm25), llm, 3));
    }

    private LiveEvaluation.Result live(
            Path ws, RecordingModel model, int concurrency, List<LiveEvaluation.Progress> seen) {
        try (JudgeSession session =
                JudgeSession.builder(model).concurrency(concurrency).build()) {
            Scorer scorer = Scorer.builder(ws.resolve("scores.jsonl"))
                    .session(session)
                    .metrics(Metrics.create(JudgeMetric.defaults(), session))
                    .build();
            return LiveEvaluation.of(model, 3, session, scorer)
                    .run(
                            ws.resolve("answers.jsonl"),
                            questions(8),
                            systems(model),
                            Map.of(),
                            id -> "source of " + id,
                            seen::add);
        }
    }

    /** Every score of a scores file as sorted lines, to compare two runs. */
    private static List<String> scores(Path scoresFile) {
        List<String> lines = new ArrayList<>();
        for (ScoreRecord r : Scorer.read(scoresFile)) {
            lines.add(r.retriever() + " " + r.questionId() + " " + r.metric() + " "
                    + (r.isScored() ? String.format(Locale.ROOT, "%.12f", r.score()) : r.reason()));
        }
        lines.sort(null);
        return lines;
    }

    @Test
    void run_judgesCellsWhileOthersAreStillAnswered_withinOneLimitForBothStages() {
        RecordingModel model = new RecordingModel(20);
        List<LiveEvaluation.Progress> seen = new java.util.concurrent.CopyOnWriteArrayList<>();

        LiveEvaluation.Result r = live(dir.resolve("live"), model, 4, seen);

        assertThat(r.answers().counts().answered()).isEqualTo(24);
        assertThat(r.scoring().scored() + r.scoring().failed()).isEqualTo(24 * 4);
        long lastAnswerEnd = model.calls.stream()
                .filter(Call::answer)
                .mapToLong(Call::endNanos)
                .max()
                .orElseThrow();
        long firstJudgeStart = model.calls.stream()
                .filter(c -> !c.answer())
                .mapToLong(Call::startNanos)
                .min()
                .orElseThrow();
        assertThat(firstJudgeStart).isLessThan(lastAnswerEnd);
        // answers and judge calls together never exceed the run's concurrency
        assertThat(model.maxInFlight).hasValueLessThanOrEqualTo(4);
        LiveEvaluation.Progress last = seen.get(seen.size() - 1);
        assertThat(last.pairsDone()).isEqualTo(last.pairs()).isEqualTo(24);
        assertThat(last.cellsDone()).isEqualTo(last.cells()).isEqualTo(96);
        assertThat(last.concurrency()).isEqualTo(4);
        assertThat(seen).anySatisfy(p -> assertThat(p.inFlight()).isPositive());
        assertThat(last.callsPerSecond()).isPositive();
        assertThat(last.limitPerSecond()).isGreaterThanOrEqualTo(last.callsPerSecond());
    }

    @Test
    void run_asksTheCallsThatReadNoAnswer_whileTheAnswersAreStillBeingWritten() {
        RecordingModel model = new RecordingModel(40);

        live(dir.resolve("live"), model, 16, new ArrayList<>());

        long firstAnswerEnd = model.calls.stream()
                .filter(Call::answer)
                .mapToLong(Call::endNanos)
                .min()
                .orElseThrow();
        // context precision's verdicts and the references' statements need no answer
        assertThat(model.calls)
                .filteredOn(c -> !c.answer() && c.startNanos() < firstAnswerEnd)
                .isNotEmpty();
    }

    @Test
    void run_sendsAnIdenticalAnswerRequestOnce_andScoresWhatAnswerThenJudgeScore() {
        RecordingModel liveModel = new RecordingModel(0);
        live(dir.resolve("live"), liveModel, 8, new ArrayList<>());

        // the same work in two phases: every answer first, then every cell
        RecordingModel phasedModel = new RecordingModel(0);
        Path phased = dir.resolve("phased");
        List<QuestionSample> qs = questions(8);
        AnswerGenerator.Summary answers = AnswerGenerator.of(phasedModel, 3, 8)
                .generate(phased.resolve("answers.jsonl"), qs, systems(phasedModel), Map.of());
        try (JudgeSession session =
                JudgeSession.builder(phasedModel).concurrency(8).build()) {
            Scorer.builder(phased.resolve("scores.jsonl"))
                    .session(session)
                    .metrics(Metrics.create(JudgeMetric.defaults(), session))
                    .build()
                    .score(EvalCases.from(answers.current(), qs, id -> "source of " + id));
        }

        // hybrid returns bm25's contexts: its 8 answers are bm25's, sent once
        assertThat(liveModel.answers()).isEqualTo(16);
        assertThat(answers.counts().sharedAnswers()).isEqualTo(8);
        assertThat(AnswerGenerator.read(dir.resolve("live/answers.jsonl")))
                .filteredOn(a -> a.retriever().equals("hybrid"))
                .hasSize(8)
                .allSatisfy(a -> assertThat(a.isOk()).isTrue());
        assertThat(scores(dir.resolve("live/scores.jsonl")))
                .hasSize(96)
                .isEqualTo(scores(phased.resolve("scores.jsonl")));
        assertThat(liveModel.calls).hasSameSizeAs(phasedModel.calls);
    }

    @Test
    void run_whenTheJudgeStops_theAnswersDoNotReportItAsTheirStop_andNothingIsScored() {
        LlmProvider refusingKey = new LlmProvider() {
            @Override
            public String modelName() {
                return "fake/bad-key";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                if (request.schema().isPresent()) {
                    throw new io.github.raglens.error.AuthenticationException(
                            "fake", "bad-key", 401, null, "the key was refused; set FAKE_KEY", null);
                }
                return new ChatOutcome.Completed("An answer.", io.github.raglens.model.TokenUsage.NONE);
            }
        };
        try (JudgeSession session =
                JudgeSession.builder(refusingKey).concurrency(1).build()) {
            Scorer scorer = Scorer.builder(dir.resolve("scores.jsonl"))
                    .session(session)
                    .metrics(Metrics.create(JudgeMetric.defaults(), session))
                    .build();
            LiveEvaluation.Result r = LiveEvaluation.of(refusingKey, 3, session, scorer)
                    .run(
                            dir.resolve("answers.jsonl"),
                            questions(8),
                            systems(refusingKey),
                            Map.of(),
                            id -> "source of " + id,
                            p -> {});

            assertThat(r.scoring().stopReason()).contains("the key was refused; set FAKE_KEY");
            assertThat(r.answers().counts().stopReason()).isEmpty();
            assertThat(r.scoring().scored()).isZero();
        }
    }
}
