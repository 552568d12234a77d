package io.github.raglens.eval.scoring;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.internal.Cell;
import java.util.Objects;
import java.util.Optional;

/**
 * One line of {@code scores.jsonl}: the result of one metric on one (retriever, question) cell with
 * one judge model and prompt version.
 *
 * @param retriever the retriever
 * @param questionId the question
 * @param metric the metric's name
 * @param judgeModel the judge model, {@code none} for text metrics
 * @param promptVersion the metric's version
 * @param status {@code scored} or {@code failed}
 * @param score the score in [0, 1] when scored, null when failed (never NaN)
 * @param reason why the cell failed ({@code invalid-json}, {@code timeout}, …); empty when scored
 * @param detail the verdicts behind a score, or what went wrong
 * @param repeat which repeat of the judgement this is (0, the first, unless {@link
 *     Scorer.Builder#repeats} asks for more); written only when not 0
 * @param inputs the {@link EvalCase#inputsHash()} of the cell that was scored: a new answer or new
 *     contexts make the score stale, so it is scored again; empty in files written before raglens
 *     recorded it (such scores are never reused)
 * @param served what the judge's server said the model was ({@link
 *     io.github.raglens.spi.LlmProvider#servedModel()}, e.g. an Ollama digest): a score of a model
 *     since re-pulled is scored again; empty when unknown or for text metrics
 * @param basis what besides the cell's inputs the score rests on ({@link
 *     io.github.raglens.eval.judge.ScoreBasis}, e.g. a digest of the question's nuggets): a score
 *     on another basis is scored again; empty for metrics that rest on the inputs alone
 */
public record ScoreRecord(
        String retriever,
        String questionId,
        String metric,
        String judgeModel,
        String promptVersion,
        String status,
        Double score,
        String reason,
        String detail,
        @JsonInclude(JsonInclude.Include.NON_DEFAULT) int repeat,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) String inputs,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) String served,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) String basis) {

    /** Status of a scored cell. */
    public static final String SCORED = "scored";
    /** Status of a failed cell. */
    public static final String FAILED = "failed";
    /** The judge model of a metric that needs none. */
    public static final String NO_JUDGE = "none";

    /** Validates the fields: a scored cell has a score in [0, 1], a failed one a reason. */
    public ScoreRecord {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(questionId, "questionId");
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(judgeModel, "judgeModel");
        Objects.requireNonNull(promptVersion, "promptVersion");
        Objects.requireNonNull(status, "status");
        reason = reason == null ? "" : reason;
        detail = detail == null ? "" : detail;
        inputs = inputs == null ? "" : inputs;
        served = served == null ? "" : served;
        basis = basis == null ? "" : basis;
        if (repeat < 0) {
            throw new IllegalArgumentException("repeat must be >= 0, was " + repeat);
        }
        if (status.equals(SCORED)) {
            if (score == null || !(score >= 0 && score <= 1)) {
                throw new IllegalArgumentException("a scored cell needs a score in [0, 1], was " + score);
            }
        } else if (status.equals(FAILED)) {
            if (reason.isEmpty()) {
                throw new IllegalArgumentException("a failed cell needs a reason");
            }
            score = null;
        } else {
            throw new IllegalArgumentException("status must be 'scored' or 'failed', was '" + status + "'");
        }
    }

    /** A record of a metric resting on the cell's inputs alone (no {@link #basis()}). */
    public ScoreRecord(
            String retriever,
            String questionId,
            String metric,
            String judgeModel,
            String promptVersion,
            String status,
            Double score,
            String reason,
            String detail,
            int repeat,
            String inputs,
            String served) {
        this(
                retriever,
                questionId,
                metric,
                judgeModel,
                promptVersion,
                status,
                score,
                reason,
                detail,
                repeat,
                inputs,
                served,
                "");
    }

    /** The cell scored: the retriever (or system) and the question. */
    public Cell cell() {
        return new Cell(retriever, questionId);
    }

    /** The store key: retriever, question, metric, judge model, prompt version and repeat. */
    public String key() {
        return key(cell().on(metric), judgeModel, promptVersion, repeat);
    }

    /** The store key of a cell's score on a metric by a judge model, at a version and repeat. */
    public static String key(Cell.OnMetric cell, String judgeModel, String version, int repeat) {
        String first = cell.key() + '\u001f' + judgeModel + '\u001f' + version;
        return repeat == 0 ? first : first + '\u001f' + "repeat-" + repeat;
    }

    /**
     * Whether this score may stand for a judgement by the served model {@code current}: it may unless
     * both are known and differ (the model was re-pulled since).
     */
    boolean servedBy(Optional<String> current) {
        return served.isEmpty() || current.isEmpty() || current.get().equals(served);
    }

    /** Whether the cell has a score. */
    public boolean isScored() {
        return status.equals(SCORED);
    }

    /** The score, when scored. */
    public Optional<Double> scoreIfScored() {
        return Optional.ofNullable(score);
    }
}
