package io.github.raglens.result;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The verdict of a regression gate: one check per (system, metric) of the scores, one per (system,
 * metric) of how many cells were scored, and what drop the question set could have caught.
 *
 * @param alpha the family-wise significance level
 * @param minEffect the smallest drop that may fail
 * @param power the power behind {@link Check#detectableDrop()}
 * @param plannedDrop the drop the gate should catch in a share {@code power} of runs: the question
 *     count behind {@link Check#questionsForPlannedDrop()}
 * @param requireDetectable whether the gate fails when some check could not catch {@code
 *     plannedDrop} (it would pass a drop that size too often to be trusted)
 * @param permutations sign flips behind each p-value (raised when the Holm family needs more)
 * @param checks the score checks, in system then metric order
 * @param coverage the coverage checks (judge scores only), in system then metric order
 */
public record GateResult(
        double alpha,
        double minEffect,
        double power,
        double plannedDrop,
        boolean requireDetectable,
        int permutations,
        List<Check> checks,
        List<CoverageCheck> coverage) {

    /** Copies the checks. */
    public GateResult {
        checks = List.copyOf(checks);
        coverage = List.copyOf(coverage);
    }

    /** How many tests Holm's correction spanned. */
    public int family() {
        return checks.size() + coverage.size();
    }

    /** Whether any check is significantly worse by more than the minimum effect, scores or coverage. */
    public boolean regressed() {
        return checks.stream().anyMatch(Check::regressed) || coverage.stream().anyMatch(CoverageCheck::regressed);
    }

    /** The score checks that failed. */
    public List<Check> regressions() {
        return checks.stream().filter(Check::regressed).toList();
    }

    /** The checks that could not catch the planned drop in a share {@code power} of runs. */
    public List<Check> blind() {
        return checks.stream()
                .filter(c -> c.detectableDrop().isEmpty() || c.detectableDrop().getAsDouble() > plannedDrop)
                .toList();
    }

    /**
     * Whether the gate passes: nothing regressed and, when {@code requireDetectable}, every check
     * could catch the planned drop.
     */
    public boolean passed() {
        return !regressed() && !(requireDetectable && !blind().isEmpty());
    }

    /**
     * A report a person can act on: the verdict; each check with baseline and current means and
     * intervals, the difference with its interval, p-value before and after correction; for each
     * failure the questions that got worst with what the system returned before and now; the
     * coverage of each judge metric; and, passing or not, the smallest drop each check would catch.
     */
    public String message() {
        StringBuilder s = new StringBuilder();
        long failed = regressions().size()
                + coverage.stream().filter(CoverageCheck::regressed).count();
        if (failed > 0) {
            s.append(failed).append(" of ").append(family()).append(" checks significantly worse than the baseline");
        } else if (requireDetectable && !blind().isEmpty()) {
            s.append("nothing is significantly worse, but ")
                    .append(blind().size())
                    .append(" of ")
                    .append(checks.size())
                    .append(String.format(Locale.ROOT, " checks could not catch a drop of %.3f", plannedDrop));
        } else {
            s.append("nothing is significantly worse than the baseline");
        }
        s.append(String.format(
                Locale.ROOT,
                " (paired randomization test per metric, %d permutations, Holm-corrected across %d checks, alpha"
                        + " %.2f, minimum effect %.3f)%n",
                permutations,
                family(),
                alpha,
                minEffect));
        for (Check c : checks) {
            s.append(String.format(
                    Locale.ROOT,
                    "  %-5s %s %s: baseline %s -> now %s, difference %+.4f [%.4f, %.4f], p = %.4f (Holm %.4f), n = %d%s%n",
                    c.regressed() ? "WORSE" : "ok",
                    c.system(),
                    c.metric(),
                    interval(c.baseline()),
                    interval(c.current()),
                    c.difference().mean(),
                    c.difference().lower(),
                    c.difference().upper(),
                    c.pValue(),
                    c.adjustedPValue(),
                    c.n(),
                    !c.regressed()
                                    && c.difference().mean() < 0
                                    && -c.difference().mean() <= minEffect
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
        for (CoverageCheck c : coverage) {
            s.append(String.format(
                    Locale.ROOT,
                    "  %-5s %s %s coverage: scored %d of %d -> %d of %d, p = %.4f (Holm %.4f)%s%n",
                    c.regressed() ? "WORSE" : "ok",
                    c.system(),
                    c.metric(),
                    c.scoredBefore(),
                    c.attempted(),
                    c.scoredAfter(),
                    c.attempted(),
                    c.pValue(),
                    c.adjustedPValue(),
                    c.newlyUnscored().isEmpty() ? "" : "; now unscored: " + c.newlyUnscored()));
        }
        for (Check c : checks) {
            s.append("  power: ")
                    .append(c.system())
                    .append(' ')
                    .append(c.metric())
                    .append(" with ");
            s.append(c.n()).append(" questions ");
            if (c.detectableDrop().isPresent()) {
                s.append(String.format(
                        Locale.ROOT,
                        "fails a true drop of %.3f in %.0f%% of runs",
                        c.detectableDrop().getAsDouble(),
                        power * 100));
            } else if (c.differingQuestions() == 0) {
                s.append("cannot estimate what drop it would catch: the two runs agree on every question");
            } else {
                s.append(String.format(
                        Locale.ROOT, "would not fail even a drop of 1.000 in %.0f%% of runs", power * 100));
            }
            s.append(String.format(Locale.ROOT, "; a drop of %.3f needs ", plannedDrop));
            s.append(
                    c.questionsForPlannedDrop().isPresent()
                            ? c.questionsForPlannedDrop().getAsInt() + " questions"
                            : c.differingQuestions() == 0 ? "a spread to plan with" : "more than a million questions");
            if (requireDetectable && blind().contains(c)) {
                s.append(" (BLIND)");
            }
            s.append(System.lineSeparator());
        }
        s.append(String.format(
                Locale.ROOT,
                "  (the gate fails a check when the drop exceeds %.3f and is significant after Holm's correction, so a"
                        + " true drop of %.3f itself fails at most half the time)",
                minEffect,
                minEffect));
        return s.toString().stripTrailing();
    }

    private static String interval(ConfidenceInterval ci) {
        return String.format(Locale.ROOT, "%.4f [%.4f, %.4f]", ci.mean(), ci.lower(), ci.upper());
    }

    /**
     * One (system, metric) comparison of scores.
     *
     * @param system the system (retriever) compared
     * @param metric the metric
     * @param n questions both runs scored
     * @param baseline the baseline's mean and 95% interval on those questions
     * @param current the current run's mean and 95% interval on those questions
     * @param difference current minus baseline: the mean difference and its 95% interval
     * @param pValue the two-sided paired randomization p-value
     * @param adjustedPValue the p-value after Holm's correction across the report's checks
     * @param regressed whether the drop exceeds the minimum effect and is significant after correction
     * @param detectableDrop the smallest true drop the gate fails in a share {@code power} of runs, under
     *     its own rule (Holm over the family, the drop beyond the minimum effect); empty when none
     *     would be, or when not estimable
     * @param questionsForPlannedDrop questions needed to fail the planned drop in that share of runs;
     *     empty when more than a million or not estimable
     * @param differingQuestions questions on which the two runs' scores differ (0: nothing to
     *     estimate the spread from)
     * @param worstQuestions for a failed check, the questions that got worst (at most five)
     */
    public record Check(
            String system,
            String metric,
            int n,
            ConfidenceInterval baseline,
            ConfidenceInterval current,
            ConfidenceInterval difference,
            double pValue,
            double adjustedPValue,
            boolean regressed,
            OptionalDouble detectableDrop,
            OptionalInt questionsForPlannedDrop,
            int differingQuestions,
            List<QuestionChange> worstQuestions) {

        /** Validates that no field is null and copies the questions. */
        public Check {
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(metric, "metric");
            Objects.requireNonNull(baseline, "baseline");
            Objects.requireNonNull(current, "current");
            Objects.requireNonNull(difference, "difference");
            Objects.requireNonNull(detectableDrop, "detectableDrop");
            Objects.requireNonNull(questionsForPlannedDrop, "questionsForPlannedDrop");
            worstQuestions = List.copyOf(worstQuestions);
        }
    }

    /**
     * How many of the cells both runs attempted each one scored, for one (system, metric) of judge
     * scores: a run that stops scoring cells (an app that answers "I don't know", failing as {@code
     * no-statements}) must not pass on the cells left.
     *
     * @param system the system
     * @param metric the metric
     * @param attempted cells both runs attempted
     * @param scoredBefore of those, cells the baseline scored
     * @param scoredAfter of those, cells the current run scored
     * @param pValue the two-sided paired randomization p-value of scored (1) versus not (0)
     * @param adjustedPValue after Holm's correction across every check
     * @param regressed whether the share scored fell by more than the minimum effect, significantly
     * @param newlyUnscored cells scored before and not now, by reason
     */
    public record CoverageCheck(
            String system,
            String metric,
            int attempted,
            int scoredBefore,
            int scoredAfter,
            double pValue,
            double adjustedPValue,
            boolean regressed,
            Map<String, Integer> newlyUnscored) {

        /** Validates the names and copies the reasons. */
        public CoverageCheck {
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(metric, "metric");
            newlyUnscored = java.util.Collections.unmodifiableMap(new java.util.TreeMap<>(newlyUnscored));
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
