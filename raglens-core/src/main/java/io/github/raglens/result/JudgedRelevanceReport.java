package io.github.raglens.result;

import java.util.List;
import java.util.Objects;

/**
 * Retrievers measured under pooled, graded relevance judged by the LLM beside evidence relevance, on
 * the same rankings: what the judge found beyond the evidence chunks, and whether the order of the
 * retrievers changes.
 *
 * @param questions questions with a judged passage
 * @param depth how many top passages of each retriever were pooled
 * @param k the cut-off of the measures
 * @param pooled passages pooled, same passages merged
 * @param byEvidence pooled passages holding the evidence quote, grade 3 without a call
 * @param judged pooled passages the judge graded
 * @param unjudged pooled passages whose grade could not be had (left out of the qrels)
 * @param relevantBeyondEvidence passages of grade 2 or 3 per question that hold no evidence quote
 * @param judgeModel the judge model
 * @param retrievers every retriever's measures, in the order given
 * @param pairs every pair of retrievers compared on nDCG@k by a paired randomization test, Holm-adjusted
 *     within each relevance
 */
public record JudgedRelevanceReport(
        int questions,
        int depth,
        int k,
        int pooled,
        int byEvidence,
        int judged,
        int unjudged,
        double relevantBeyondEvidence,
        String judgeModel,
        List<RetrieverRow> retrievers,
        List<PairRow> pairs) {

    /** Copies the lists. */
    public JudgedRelevanceReport {
        Objects.requireNonNull(judgeModel, "judgeModel");
        retrievers = List.copyOf(retrievers);
        pairs = List.copyOf(pairs);
    }

    /**
     * One retriever under both relevances.
     *
     * @param retriever the retriever
     * @param evidenceNdcg nDCG@k with only the evidence-bearing passages relevant
     * @param judgedNdcg nDCG@k with the judge's grades 0–3 as gains
     * @param evidenceRank its place by evidence nDCG (1 best)
     * @param judgedRank its place by judged nDCG (1 best)
     * @param judgedPrecision P@k with grade ≥ 2 relevant
     * @param judgedRecall recall@k with grade ≥ 2 relevant
     * @param judgedMrr reciprocal rank of the first passage of grade ≥ 2
     * @param evidenceMrr reciprocal rank of the first evidence-bearing passage
     */
    public record RetrieverRow(
            String retriever,
            double evidenceNdcg,
            double judgedNdcg,
            int evidenceRank,
            int judgedRank,
            double judgedPrecision,
            double judgedRecall,
            double judgedMrr,
            double evidenceMrr) {

        /** Validates that the retriever is named. */
        public RetrieverRow {
            Objects.requireNonNull(retriever, "retriever");
        }
    }

    /**
     * Two retrievers compared on nDCG@k under each relevance.
     *
     * @param a the first retriever
     * @param b the second
     * @param evidenceDifference mean of a − b by evidence relevance
     * @param evidenceP its Holm-adjusted p-value
     * @param judgedDifference mean of a − b by judged relevance
     * @param judgedP its Holm-adjusted p-value
     */
    public record PairRow(
            String a, String b, double evidenceDifference, double evidenceP, double judgedDifference, double judgedP) {

        /** Validates that the retrievers are named. */
        public PairRow {
            Objects.requireNonNull(a, "a");
            Objects.requireNonNull(b, "b");
        }

        /** Whether the two relevances order the pair oppositely. */
        public boolean orderChanges() {
            return Math.signum(evidenceDifference) != Math.signum(judgedDifference)
                    && evidenceDifference != 0
                    && judgedDifference != 0;
        }
    }

    /** Whether any pair of retrievers is ordered differently by the two relevances. */
    public boolean orderChanges() {
        return pairs.stream().anyMatch(PairRow::orderChanges);
    }

    /**
     * What the report says, one line each: what the pool found beyond the evidence, every retriever
     * under both relevances, and whether the order of the retrievers changes.
     */
    public List<String> summary() {
        List<String> out = new java.util.ArrayList<>();
        out.add(String.format(
                java.util.Locale.ROOT,
                "%d questions, %d passages pooled at depth %d (%d holding the evidence, %d graded by %s, %d"
                        + " ungraded): %.2f relevant passages per question beyond the evidence chunks",
                questions,
                pooled,
                depth,
                byEvidence,
                judged,
                judgeModel,
                unjudged,
                relevantBeyondEvidence));
        for (RetrieverRow r : retrievers) {
            out.add(String.format(
                    java.util.Locale.ROOT,
                    "%s: MRR@%d %.3f by evidence, %.3f judged; nDCG@%d %.3f by evidence, %.3f judged;"
                            + " place %d by evidence, %d judged",
                    r.retriever(),
                    k,
                    r.evidenceMrr(),
                    r.judgedMrr(),
                    k,
                    r.evidenceNdcg(),
                    r.judgedNdcg(),
                    r.evidenceRank(),
                    r.judgedRank()));
        }
        for (PairRow p : pairs) {
            if (p.orderChanges()) {
                out.add(String.format(
                        java.util.Locale.ROOT,
                        "%s vs %s: nDCG@%d difference %+.3f by evidence (p = %.4f), %+.3f judged (p = %.4f):"
                                + " the judge orders them the other way",
                        p.a(),
                        p.b(),
                        k,
                        p.evidenceDifference(),
                        p.evidenceP(),
                        p.judgedDifference(),
                        p.judgedP()));
            }
        }
        out.add(
                orderChanges()
                        ? "the order of the retrievers changes between evidence and judged relevance"
                        : "the order of the retrievers is the same under evidence and judged relevance");
        return out;
    }
}
