package io.github.raglens;

import io.github.raglens.eval.answers.AnswerGenerator;
import io.github.raglens.eval.answers.AnswerRecord;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.Cell;
import io.github.raglens.workspace.Workspace;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One (system, question) cell of an evaluation as the judge saw it: the answer, the contexts it was
 * given, and the judge's latest verdict on each metric.
 *
 * @param system the retriever's pipeline or the user's system
 * @param questionId the question
 * @param answer the answer; empty when none was generated
 * @param contexts the context texts the answer was made from, in rank order
 * @param verdicts the latest first judgement of each metric scored on the cell, in the order metrics
 *     were first scored
 */
public record JudgedCell(
        String system, String questionId, String answer, List<String> contexts, List<Verdict> verdicts) {

    /** Validates that no field is null and copies the lists. */
    public JudgedCell {
        Objects.requireNonNull(system, "system");
        Objects.requireNonNull(questionId, "questionId");
        Objects.requireNonNull(answer, "answer");
        contexts = List.copyOf(contexts);
        verdicts = List.copyOf(verdicts);
    }

    /**
     * The judge's outcome of one metric on a cell.
     *
     * @param metric the metric
     * @param judgeModel the judge model, {@code none} for a text metric
     * @param version the metric's version
     * @param scored whether it was scored (else it failed, and {@code reason} says why)
     * @param score the score in [0, 1]; 0 when failed
     * @param reason why it failed, empty when scored
     * @param detail the statements, verdicts and reasons behind the score, one a line
     */
    public record Verdict(
            String metric,
            String judgeModel,
            String version,
            boolean scored,
            double score,
            String reason,
            String detail) {

        /** Validates that no field is null. */
        public Verdict {
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(judgeModel, "judgeModel");
            Objects.requireNonNull(version, "version");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(detail, "detail");
        }
    }

    /**
     * Every answered cell of a workspace with its verdicts, read without locking {@code answers.jsonl}
     * or {@code scores.jsonl}, so an evaluation may run meanwhile.
     */
    static List<JudgedCell> read(Workspace ws) {
        Map<Cell, Map<String, Verdict>> verdicts = new LinkedHashMap<>();
        for (ScoreRecord r : Scorer.read(ws.scores())) {
            if (r.repeat() == 0) {
                verdicts.computeIfAbsent(r.cell(), k -> new LinkedHashMap<>())
                        .put(
                                r.metric(),
                                new Verdict(
                                        r.metric(),
                                        r.judgeModel(),
                                        r.promptVersion(),
                                        r.isScored(),
                                        r.isScored() ? r.score() : 0,
                                        r.reason(),
                                        r.detail()));
            }
        }
        List<JudgedCell> out = new ArrayList<>();
        for (AnswerRecord a : AnswerGenerator.read(ws.answers())) {
            out.add(new JudgedCell(
                    a.retriever(),
                    a.questionId(),
                    a.answer(),
                    a.contextTexts(),
                    List.copyOf(verdicts.getOrDefault(a.cell(), Map.of()).values())));
        }
        return out;
    }
}
