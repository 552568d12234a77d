package io.github.raglens.eval.scoring;

import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.Aggregation.SelfConsistency;
import io.github.raglens.result.Calibration;
import io.github.raglens.result.JudgeAgreement;
import io.github.raglens.result.JudgeAgreement.JudgeDisagreement;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * What an evaluation reports from its stored scores, in one place: the aggregation per metric and
 * system with bootstrap intervals and Holm-corrected paired tests (their defaults), and, when asked, the judge's
 * self-consistency over repeated judgements, its calibration against human labels, and its
 * agreement with a second judge with the cells they disagree on most.
 *
 * <pre>{@code
 * ScoreAnalysis.Result r = ScoreAnalysis.builder(records, metrics, "gpt-4o-mini")
 *     .systems(List.of("bm25", "dense"), questionIds)
 *     .selfConsistency(true)
 *     .secondJudge("claude-haiku", 5)
 *     .analyse();
 * }</pre>
 */
public final class ScoreAnalysis {

    private ScoreAnalysis() {}

    /**
     * Starts an analysis of the records that the metrics' current versions and the judge model
     * wrote.
     *
     * @param records the records of {@code scores.jsonl}
     * @param metrics the metrics, whose current version selects the records
     * @param judgeModel the judge model whose records count for judge metrics
     */
    public static Builder builder(List<ScoreRecord> records, List<Judge> metrics, String judgeModel) {
        return new Builder(records, metrics, judgeModel);
    }

    /**
     * The judge calibrated against human labels, outside an evaluation run: see {@link
     * Builder#humanLabels}.
     *
     * @param records the records of the evaluation's cells
     * @param labels the labels
     * @param versions the current version of each judge metric, in the order to report them
     * @param judgeModel the judge model
     * @return the calibration
     */
    public static Calibration calibrate(
            List<ScoreRecord> records, List<HumanLabel> labels, Map<String, String> versions, String judgeModel) {
        return Calibrator.calibrate(records, labels, versions, judgeModel);
    }

    /**
     * The analysis.
     *
     * @param aggregation every metric per system, with intervals and paired tests
     * @param consistency per judge metric, how often repeated judgements agree; empty unless asked
     * @param calibration the judge against human labels; empty without labels
     * @param agreement per judge metric, the two judges' agreement; empty without a second judge
     * @param disagreements per judge metric, the cells the two judges disagree on most; empty without
     *     a second judge
     */
    public record Result(
            Aggregation aggregation,
            List<SelfConsistency> consistency,
            Optional<Calibration> calibration,
            List<JudgeAgreement> agreement,
            List<JudgeDisagreement> disagreements) {

        /** Copies the lists. */
        public Result {
            Objects.requireNonNull(aggregation, "aggregation");
            consistency = List.copyOf(consistency);
            Objects.requireNonNull(calibration, "calibration");
            agreement = List.copyOf(agreement);
            disagreements = List.copyOf(disagreements);
        }
    }

    /** Chooses what to analyse beyond the aggregation; {@link #analyse()} computes it. */
    public static final class Builder {

        private final List<ScoreRecord> records;
        private final List<Judge> metrics;
        private final String judgeModel;
        private List<String> systems = List.of();
        private Set<String> questionIds = Set.of();
        private boolean selfConsistency;
        private List<HumanLabel> labels;
        private String secondJudge;
        private int disagreementsShown;

        private Builder(List<ScoreRecord> records, List<Judge> metrics, String judgeModel) {
            this.records = List.copyOf(records);
            this.metrics = List.copyOf(metrics);
            this.judgeModel = Objects.requireNonNull(judgeModel, "judgeModel");
        }

        /**
         * The systems to compare, in display order, and the questions of the sample: records of
         * other systems or questions are left out.
         */
        public Builder systems(List<String> systems, Set<String> questionIds) {
            this.systems = List.copyOf(systems);
            this.questionIds = Set.copyOf(questionIds);
            return this;
        }

        /** Whether to measure how often repeated judgements of a cell agree (runs with repeats). */
        public Builder selfConsistency(boolean measure) {
            this.selfConsistency = measure;
            return this;
        }

        /** Calibrates the judge against these human labels. */
        public Builder humanLabels(List<HumanLabel> labels) {
            this.labels = List.copyOf(labels);
            return this;
        }

        /**
         * Measures the judge's agreement with a second judge model whose records are among the
         * records, and finds the cells they disagree on most.
         *
         * @param model the second judge model
         * @param disagreementsShown the most cells to keep per metric
         * @throws IllegalArgumentException if {@code disagreementsShown} is negative
         */
        public Builder secondJudge(String model, int disagreementsShown) {
            if (disagreementsShown < 0) {
                throw new IllegalArgumentException("disagreementsShown must be >= 0, was " + disagreementsShown);
            }
            this.secondJudge = Objects.requireNonNull(model, "model");
            this.disagreementsShown = disagreementsShown;
            return this;
        }

        /** Computes the analysis; the records are only read. */
        public Result analyse() {
            Aggregation aggregation = ScoreAggregator.aggregate(
                    records,
                    systems,
                    questionIds,
                    metrics,
                    judgeModel,
                    Bootstrap.defaults(),
                    PairedRandomizationTest.defaults());
            List<SelfConsistency> consistency =
                    selfConsistency ? ConsistencyMeasure.measure(records, metrics, judgeModel) : List.of();
            Map<String, String> versions = new LinkedHashMap<>();
            metrics.stream().filter(Judge::usesModel).forEach(m -> versions.put(m.metric(), m.version()));
            Optional<Calibration> calibration = labels == null
                    ? Optional.empty()
                    : Optional.of(Calibrator.calibrate(records, labels, versions, judgeModel));
            List<JudgeAgreement> agreement = List.of();
            List<JudgeDisagreement> disagreements = new ArrayList<>();
            if (secondJudge != null) {
                agreement = AgreementMeasure.measure(records, metrics, judgeModel, secondJudge);
                for (Judge m : metrics) {
                    if (m.usesModel()) {
                        disagreements.addAll(
                                DisagreementFinder.largest(records, m, judgeModel, secondJudge, disagreementsShown));
                    }
                }
            }
            return new Result(aggregation, consistency, calibration, agreement, disagreements);
        }
    }
}
