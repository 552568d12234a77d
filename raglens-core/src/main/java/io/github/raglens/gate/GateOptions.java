package io.github.raglens.gate;

import io.github.raglens.internal.SetOnce;
import java.util.List;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * The settings of the regression gate: which metrics, the smallest drop that may fail, the
 * family-wise level, the permutations behind each p-value, and optionally a drop the gate must be
 * able to catch. Immutable and thread-safe.
 *
 * <pre>{@code
 * GateResult r = RagLens.gate(old, now, GateOptions.builder().minEffect(0.02).catchingDropsOf(0.05).build());
 * }</pre>
 */
public final class GateOptions {

    private final List<String> metrics;
    private final double minEffect;
    private final double alpha;
    private final int permutations;
    private final OptionalDouble catching;

    private GateOptions(Builder b) {
        this.metrics = b.metrics;
        this.minEffect = b.minEffect;
        this.alpha = b.alpha;
        this.permutations = b.permutations;
        this.catching = b.catching;
    }

    /** The defaults: the headline metrics, minimum effect 0.02, alpha 0.05, 10,000 permutations. */
    public static GateOptions defaults() {
        return builder().build();
    }

    /** A builder starting from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** The metrics to check; empty for the headline ones (every metric of judge scores). */
    public List<String> metrics() {
        return metrics;
    }

    /** The smallest drop that may fail, in the metric's units. */
    public double minEffect() {
        return minEffect;
    }

    /** The family-wise significance level after Holm's correction. */
    public double alpha() {
        return alpha;
    }

    /** Sign flips per test and bootstrap resamples per interval (more when the Holm family needs them). */
    public int permutations() {
        return permutations;
    }

    /** The drop the gate must catch in 80% of runs, failing when it cannot; empty when not required. */
    public OptionalDouble catchingDropsOf() {
        return catching;
    }

    @Override
    public String toString() {
        return "GateOptions{metrics=" + (metrics.isEmpty() ? "headline" : metrics) + ", minEffect=" + minEffect
                + ", alpha=" + alpha + ", permutations=" + permutations
                + (catching.isPresent() ? ", catchingDropsOf=" + catching.getAsDouble() : "") + "}";
    }

    /** Builds {@link GateOptions}, checking each value as it is set; not thread-safe. */
    public static final class Builder {
        private final SetOnce set = new SetOnce();
        private List<String> metrics = List.of();
        private double minEffect = 0.02;
        private double alpha = 0.05;
        private int permutations = 10_000;
        private OptionalDouble catching = OptionalDouble.empty();

        private Builder() {}

        /** The metrics to check, e.g. {@code ndcg@10}; empty (the default) for the headline ones. */
        public Builder metrics(List<String> metrics) {
            List<String> copy = List.copyOf(Objects.requireNonNull(metrics, "metrics"));
            set.record("metrics", copy);
            this.metrics = copy;
            return this;
        }

        /**
         * The smallest drop that may fail, in the metric's units; default 0.02.
         *
         * @throws IllegalArgumentException if not in [0, 1]
         */
        public Builder minEffect(double minEffect) {
            if (!(minEffect >= 0 && minEffect <= 1)) {
                throw new IllegalArgumentException("minEffect must be in [0, 1], was " + minEffect);
            }
            set.record("minEffect", minEffect);
            this.minEffect = minEffect;
            return this;
        }

        /**
         * The family-wise significance level; default 0.05.
         *
         * @throws IllegalArgumentException if not in (0, 1)
         */
        public Builder alpha(double alpha) {
            if (!(alpha > 0 && alpha < 1)) {
                throw new IllegalArgumentException("alpha must be in (0, 1), was " + alpha);
            }
            set.record("alpha", alpha);
            this.alpha = alpha;
            return this;
        }

        /**
         * Sign flips per test and bootstrap resamples per interval; default 10,000. A family of
         * checks whose Holm threshold needs more gets more.
         *
         * @throws IllegalArgumentException if below 100
         */
        public Builder permutations(int permutations) {
            if (permutations < 100) {
                throw new IllegalArgumentException("permutations must be at least 100, was " + permutations);
            }
            set.record("permutations", permutations);
            this.permutations = permutations;
            return this;
        }

        /**
         * Fail also when a check could not catch a true drop of {@code drop} in 80% of runs: a passing
         * gate then means the questions would have seen a drop that size.
         *
         * @throws IllegalArgumentException if not in (0, 1]
         */
        public Builder catchingDropsOf(double drop) {
            if (!(drop > 0 && drop <= 1)) {
                throw new IllegalArgumentException("the drop to catch must be in (0, 1], was " + drop);
            }
            set.record("catchingDropsOf", drop);
            this.catching = OptionalDouble.of(drop);
            return this;
        }

        /**
         * The options.
         *
         * @throws IllegalArgumentException if the drop to catch is not above the minimum effect
         */
        public GateOptions build() {
            if (catching.isPresent() && catching.getAsDouble() <= minEffect) {
                throw new IllegalArgumentException("the drop to catch, " + catching.getAsDouble()
                        + ", must exceed the minimum effect " + minEffect
                        + ": the gate fails only drops beyond the minimum effect, so a drop of it fails at most"
                        + " half the time");
            }
            return new GateOptions(this);
        }
    }
}
