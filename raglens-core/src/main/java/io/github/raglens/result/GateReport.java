package io.github.raglens.result;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The verdict of a regression gate: one check per (system, metric).
 *
 * @param alpha the family-wise significance level
 * @param minEffect the smallest drop that may fail
 * @param power the power behind {@link Check#minDetectableEffect()}
 * @param checks the checks, in system then metric order
 */
public record GateReport(double alpha, double minEffect, double power, List<Check> checks) {

    /** Copies the checks. */
    public GateReport {
        checks = List.copyOf(checks);
    }

    /** Whether any check is significantly worse by more than the minimum effect. */
    public boolean regressed() {
        return checks.stream().anyMatch(Check::regressed);
    }

    /** The checks that failed. */
    public List<Check> regressions() {
        return checks.stream().filter(Check::regressed).toList();
    }

    /**
     * A report a person can act on: the verdict, each check with baseline and current means and
     * intervals, difference, p-value before and after correction; for each failure the questions that
     * got worst with what the system returned before and now; and what difference the question set
     * can detect.
     */
    public String message() {
        StringBuilder s = new StringBuilder();
        long failed = regressions().size();
        s.append(
                        failed == 0
                                ? "nothing is significantly worse than the baseline"
                                : failed + " of " + checks.size() + " checks significantly worse than the baseline")
                .append(String.format(
                        Locale.ROOT,
                        " (paired randomization test per metric, Holm-corrected across %d checks, alpha %.2f,"
                                + " minimum effect %.3f)%n",
                        checks.size(),
                        alpha,
                        minEffect));
        for (Check c : checks) {
            s.append(String.format(
                    Locale.ROOT,
                    "  %-5s %s %s: baseline %s -> now %s, difference %+.4f, p = %.4f (Holm %.4f), n = %d%s%n",
                    c.regressed() ? "WORSE" : "ok",
                    c.system(),
                    c.metric(),
                    interval(c.baseline()),
                    interval(c.current()),
                    c.difference(),
                    c.pValue(),
                    c.adjustedPValue(),
                    c.n(),
                    !c.regressed() && c.difference() < 0 && -c.difference() <= minEffect
                            ? ", within the minimum effect"
                            : ""));
            for (QuestionChange q : c.worstQuestions()) {
                s.append(String.format(
                        Locale.ROOT,
                        "        %s %.3f -> %.3f  \"%s\"%n          before: %s%n          now:    %s%n",
                        q.questionId(),
                        q.before(),
                        q.after(),
                        q.question(),
                        q.returnedBefore().isEmpty() ? "(not recorded)" : q.returnedBefore(),
                        q.returnedAfter().isEmpty() ? "(not recorded)" : q.returnedAfter()));
            }
        }
        for (Check c : checks) {
            s.append(String.format(
                    Locale.ROOT,
                    "  power: %s %s with %d questions detects a difference of %.3f at %.0f%% power;"
                            + " %.3f needs %d questions%n",
                    c.system(),
                    c.metric(),
                    c.n(),
                    c.minDetectableEffect(),
                    power * 100,
                    minEffect,
                    c.questionsForMinEffect()));
        }
        return s.toString().stripTrailing();
    }

    private static String interval(ConfidenceInterval ci) {
        return String.format(Locale.ROOT, "%.4f [%.4f, %.4f]", ci.mean(), ci.lower(), ci.upper());
    }

    /**
     * One (system, metric) comparison.
     *
     * @param system the system (retriever) compared
     * @param metric the metric
     * @param n questions both runs scored
     * @param baseline the baseline's mean and 95% interval on those questions
     * @param current the current run's mean and 95% interval on those questions
     * @param difference mean of current minus baseline
     * @param pValue the two-sided paired randomization p-value
     * @param adjustedPValue the p-value after Holm's correction across the report's checks
     * @param regressed whether the drop exceeds the minimum effect and is significant after correction
     * @param minDetectableEffect the smallest difference these questions detect at the report's power
     * @param questionsForMinEffect questions needed to detect the minimum effect at that power
     * @param worstQuestions for a failed check, the questions that got worst (at most five)
     */
    public record Check(
            String system,
            String metric,
            int n,
            ConfidenceInterval baseline,
            ConfidenceInterval current,
            double difference,
            double pValue,
            double adjustedPValue,
            boolean regressed,
            double minDetectableEffect,
            int questionsForMinEffect,
            List<QuestionChange> worstQuestions) {

        /** Validates that no field is null and copies the questions. */
        public Check {
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(baseline, "baseline");
            Objects.requireNonNull(current, "current");
            worstQuestions = List.copyOf(worstQuestions);
        }
    }

    /**
     * A question whose score fell.
     *
     * @param questionId the question's id
     * @param question its text
     * @param before its baseline score
     * @param after its current score
     * @param returnedBefore what the system returned in the baseline
     * @param returnedAfter what it returns now
     */
    public record QuestionChange(
            String questionId,
            String question,
            double before,
            double after,
            String returnedBefore,
            String returnedAfter) {

        /** Validates that no field is null. */
        public QuestionChange {
            Objects.requireNonNull(questionId, "questionId");
            Objects.requireNonNull(question, "question");
            Objects.requireNonNull(returnedBefore, "returnedBefore");
            Objects.requireNonNull(returnedAfter, "returnedAfter");
        }
    }
}
