package io.github.raglens.eval.scoring;

import io.github.raglens.eval.answers.AnswerGenerator;
import io.github.raglens.eval.answers.AnswerRecord;
import io.github.raglens.eval.answers.EvalCases;
import io.github.raglens.eval.judge.CallPermits;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.result.ScoringSummary.JudgeStats;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Answers and judges in one pass, with no barrier between the stages: a cell's judging starts the
 * moment its answer arrives (or is reused from {@code answers.jsonl}), while other pairs are still
 * being retrieved and answered; the judge calls that read no answer ({@link
 * io.github.raglens.eval.judge.AnswerFreeCalls}: context precision, the reference's statements) go
 * out as soon as a pair's contexts are retrieved, beside its answer call, so a cell waits for its
 * answer and the calls that read it only. The answer calls and the judge calls wait for the same permits of
 * the judge session, so {@code concurrency} bounds every call of the run in flight, and the permits
 * never sit idle while any stage has a call to send.
 *
 * <p>What is stored and reused is exactly what {@link AnswerGenerator} and {@link Scorer} store
 * and reuse on their own; only the order of the calls changes. Thread-safe; one {@link #run} at a
 * time per workspace (the stores are locked).
 */
public final class LiveEvaluation {

    private static final Logger LOG = LoggerFactory.getLogger(LiveEvaluation.class);

    private final AnswerGenerator answers;
    private final Scorer scorer;
    private final JudgeSession session;

    private LiveEvaluation(AnswerGenerator answers, Scorer scorer, JudgeSession session) {
        this.answers = answers;
        this.scorer = scorer;
        this.session = session;
    }

    /**
     * A live evaluation.
     *
     * @param llm the answering model
     * @param k contexts retrieved per question
     * @param session the judge session; its permits bound the answer calls too
     * @param scorer the scorer of the cells, built on {@code session}
     * @return the evaluation
     * @throws IllegalArgumentException if {@code k} is below 1
     */
    public static LiveEvaluation of(LlmProvider llm, int k, JudgeSession session, Scorer scorer) {
        Objects.requireNonNull(session, "session");
        Objects.requireNonNull(scorer, "scorer");
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        return new LiveEvaluation(AnswerGenerator.sharing(llm, k, session), scorer, session);
    }

    /**
     * What a live run did.
     *
     * @param answers the answering, as {@link AnswerGenerator#generate} reports it
     * @param scoring the judging of the cells answered, as {@link Scorer#score} reports it
     * @param scores the records of the cells answered, as {@link Scorer.Run#records()} gives them
     */
    public record Result(AnswerGenerator.Summary answers, ScoringSummary scoring, List<ScoreRecord> scores) {
        /** Validates and copies. */
        public Result {
            Objects.requireNonNull(answers, "answers");
            Objects.requireNonNull(scoring, "scoring");
            scores = List.copyOf(scores);
        }
    }

    /**
     * Progress of a live run, reported after every answer and every cell, and at its end.
     *
     * @param pairsDone (system, question) pairs whose answer is known (new, reused or failed)
     * @param pairs pairs in the plan
     * @param cellsDone cells finished: scored, failed, scored by an earlier run, or without an
     *     answer to judge
     * @param cells cells in the plan (pairs × metrics × repeats)
     * @param cellsFailed cells failed in this run
     * @param inFlight calls (answers and judge) holding a permit now
     * @param concurrency the permits
     * @param callsPerSecond calls completed per second since the run began
     * @param limitPerSecond the rate the permits allow at the mean duration of a call so far (0
     *     before the first call ended): the achieved rate's ceiling
     * @param judge the judge session's calls, tokens and cost so far
     */
    public record Progress(
            int pairsDone,
            int pairs,
            int cellsDone,
            int cells,
            int cellsFailed,
            int inFlight,
            int concurrency,
            double callsPerSecond,
            double limitPerSecond,
            JudgeStats judge) {}

    /**
     * Answers every question with every system and judges each answer as soon as it is known.
     *
     * @param answersFile the {@code answers.jsonl} to append to
     * @param questions the questions
     * @param systems the systems to compare; names must be distinct
     * @param origins for a user's system, where it lives, by name (see {@link
     *     AnswerGenerator#generate(Path, List, List, Map)})
     * @param chunkText the text of a chunk by id, for each question's source chunk; may return null
     * @param progress called after every answer and every cell, from worker threads, and once more
     *     with the final counts when the run ends; must be thread-safe
     * @return what the run did
     */
    public Result run(
            Path answersFile,
            List<QuestionSample> questions,
            List<? extends RagSystem> systems,
            Map<String, String> origins,
            Function<String, String> chunkText,
            Consumer<Progress> progress) {
        Map<String, QuestionSample> byId = new HashMap<>();
        questions.forEach(q -> byId.put(q.id(), q));
        int pairs = questions.size() * systems.size();
        int perCase = scorer.cellsPerCase();
        AtomicInteger pairsDone = new AtomicInteger();
        AtomicInteger cellsDone = new AtomicInteger();
        AtomicReference<Scorer.Scoring> running = new AtomicReference<>();
        Runnable report = () -> {
            CallPermits.Flow flow = session.permits().flow();
            try {
                progress.accept(new Progress(
                        pairsDone.get(),
                        pairs,
                        cellsDone.get(),
                        pairs * perCase,
                        running.get() == null ? 0 : running.get().failed(),
                        flow.inFlight(),
                        flow.concurrency(),
                        flow.callsPerSecond(),
                        flow.limitPerSecond(),
                        session.stats()));
            } catch (RuntimeException e) {
                LOG.warn("the progress listener failed; the evaluation goes on: {}", e.toString());
            }
        };
        AnswerGenerator.Summary answered;
        ScoringSummary scored;
        List<ScoreRecord> scores;
        try (Scorer.Scoring scoring = scorer.start(() -> {
            cellsDone.incrementAndGet();
            report.run();
        })) {
            running.set(scoring);
            answered = answers.generate(answersFile, questions, systems, origins, new AnswerGenerator.Listener() {
                @Override
                public void asking(QuestionSample q, List<String> contexts) {
                    scoring.askBeforeAnswer(q.question(), q.referenceAnswer(), contexts);
                }

                @Override
                public void answered(AnswerRecord a) {
                    QuestionSample q = byId.get(a.questionId());
                    pairsDone.incrementAndGet();
                    if (q == null || !a.isOk()) {
                        cellsDone.addAndGet(perCase);
                    } else {
                        cellsDone.addAndGet(scoring.submit(EvalCases.of(a, q, chunkText)));
                    }
                    report.run();
                }
            });
            scored = scoring.finish();
            scores = scoring.records();
            // reports from worker threads may reach the listener out of order: the last one it gets
            // holds the final counts
            report.run();
        }
        return new Result(answered, scored, scores);
    }
}
