package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeMetric;
import java.util.List;
import java.util.OptionalDouble;

/**
 * The four nugget scores of one answer, each the credit its nuggets earn over how many there are:
 * strict vital (vital nuggets supported / vital nuggets), vital (a partly supported one counts 0.5),
 * strict all and all (the same over every nugget). A system's score is the mean over its questions.
 */
enum NuggetScore {
    /** Vital nuggets the answer supports, partly supported ones counting 0.5, over the vital ones. */
    VITAL(JudgeMetric.NUGGETS, true, false),
    /** Vital nuggets the answer supports in full, over the vital ones. */
    STRICT_VITAL(JudgeMetric.NUGGETS_STRICT_VITAL, true, true),
    /** Nuggets the answer supports, partly supported ones counting 0.5, over all nuggets. */
    ALL(JudgeMetric.NUGGETS_ALL, false, false),
    /** Nuggets the answer supports in full, over all nuggets. */
    STRICT_ALL(JudgeMetric.NUGGETS_STRICT_ALL, false, true);

    private final JudgeMetric metric;
    private final boolean vitalOnly;
    private final boolean strict;

    NuggetScore(JudgeMetric metric, boolean vitalOnly, boolean strict) {
        this.metric = metric;
        this.vitalOnly = vitalOnly;
        this.strict = strict;
    }

    /** The metric's name in files and options. */
    String metric() {
        return metric.label();
    }

    /** Whether only vital nuggets count. */
    boolean vitalOnly() {
        return vitalOnly;
    }

    /**
     * The score of an answer whose nuggets have these labels, in the same order.
     *
     * @return empty when no nugget counts (no nuggets, or no vital one for a vital score)
     */
    OptionalDouble of(List<Nugget> nuggets, List<NuggetSupport> support) {
        if (nuggets.size() != support.size()) {
            throw new IllegalArgumentException(nuggets.size() + " nuggets but " + support.size() + " labels");
        }
        int counted = 0;
        double credit = 0;
        for (int i = 0; i < nuggets.size(); i++) {
            if (vitalOnly && !nuggets.get(i).vital()) {
                continue;
            }
            counted++;
            NuggetSupport s = support.get(i);
            credit += strict ? (s == NuggetSupport.SUPPORTED ? 1 : 0) : s.credit();
        }
        return counted == 0 ? OptionalDouble.empty() : OptionalDouble.of(credit / counted);
    }
}
