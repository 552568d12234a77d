package io.github.raglens;

import io.github.raglens.error.Setting;
import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.internal.SetOnce;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.TokenPrice;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * What {@link RagLens#evaluate(EvaluateOptions, ProgressListener)} measures: the sample size, the
 * contexts per answer, the judge metrics, a budget and the prices. Immutable and thread-safe; the
 * retrievers, seed and concurrency come from the {@link RagLens} itself.
 */
public final class EvaluateOptions {

    private final int sample;
    private final int contexts;
    private final List<JudgeMetric> metrics;
    private final ContextPrecision.Mode contextPrecision;
    private final boolean ragasCompatible;
    private final double budgetUsd;
    private final TokenPrice answerPrice;
    private final TokenPrice judgePrice;
    private final int repeats;
    private final Path humanLabels;
    private final TokenPrice embeddingPrice;
    private final boolean batch;
    private final BatchTiming batchTiming;

    private EvaluateOptions(Builder b) {
        this.sample = b.sample;
        this.contexts = b.contexts;
        this.metrics = b.metrics;
        this.contextPrecision = b.contextPrecision;
        this.ragasCompatible = b.ragasCompatible;
        this.budgetUsd = b.budgetUsd;
        this.answerPrice = b.answerPrice;
        this.judgePrice = b.judgePrice;
        this.repeats = b.repeats;
        this.humanLabels = b.humanLabels;
        this.embeddingPrice = b.embeddingPrice;
        this.batch = b.batch;
        this.batchTiming = b.batchTiming;
    }

    /** Whether the calls go through OpenAI's Batch API (default false: live calls). */
    public boolean batch() {
        return batch;
    }

    /** How batches are gathered and polled, when not the defaults. */
    public Optional<BatchTiming> batchTiming() {
        return Optional.ofNullable(batchTiming);
    }

    /** Batch gathering and polling times. */
    public record BatchTiming(Duration settle, Duration firstPoll, Duration maxPoll) {}

    /**
     * Judgements per cell of every judge metric (default 1); the first counts in the aggregates, the
     * others measure the judge's self-consistency.
     */
    public int repeats() {
        return repeats;
    }

    /** A JSONL file of human scores for some cells, to calibrate the judge against; empty for none. */
    public Optional<Path> humanLabels() {
        return Optional.ofNullable(humanLabels);
    }

    /** The defaults: 150 questions, 5 contexts, the four headline judge metrics, no budget. */
    public static EvaluateOptions defaults() {
        return builder().build();
    }

    /** Starts from the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to derive a variant. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.sample = sample;
        b.contexts = contexts;
        b.metrics = metrics;
        b.contextPrecision = contextPrecision;
        b.ragasCompatible = ragasCompatible;
        b.budgetUsd = budgetUsd;
        b.answerPrice = answerPrice;
        b.judgePrice = judgePrice;
        b.repeats = repeats;
        b.humanLabels = humanLabels;
        b.embeddingPrice = embeddingPrice;
        b.batch = batch;
        b.batchTiming = batchTiming;
        return b;
    }

    /** Questions in the stratified sample (default 150). */
    public int sample() {
        return sample;
    }

    /**
     * Contexts retrieved per question for its answer (default 5): the top of each retriever's ranking
     * the answering model reads. Not the cut-offs K of the retrieval metrics ({@link RagLens.Builder#k}).
     */
    public int contexts() {
        return contexts;
    }

    /** The metrics, in order (default {@link JudgeMetric#defaults()}). */
    public List<JudgeMetric> metrics() {
        return metrics;
    }

    /**
     * Whether context precision judges each context in a call of its own (true) or all contexts
     * numbered in one call (false, the default).
     */
    public boolean contextPrecisionPerContext() {
        return contextPrecision == ContextPrecision.Mode.PER_CONTEXT;
    }

    /** Whether the judge metrics are computed as RAGAS computes them (default false); see {@link Builder#ragasCompatible}. */
    public boolean ragasCompatible() {
        return ragasCompatible;
    }

    /** The run's budget in US dollars (answers, judge, embeddings); empty when there is none. */
    public Optional<Double> budgetUsd() {
        return Double.isInfinite(budgetUsd) ? Optional.empty() : Optional.of(budgetUsd);
    }

    /** The answering model's price; empty to look the model up in the built-in price table. */
    public Optional<TokenPrice> answerPrice() {
        return Optional.ofNullable(answerPrice);
    }

    /** The judge model's price; empty to look the model up in the built-in price table. */
    public Optional<TokenPrice> judgePrice() {
        return Optional.ofNullable(judgePrice);
    }

    /** The embedding model's price; empty to look the model up in the built-in price table. */
    public Optional<TokenPrice> embeddingPrice() {
        return Optional.ofNullable(embeddingPrice);
    }

    @Override
    public String toString() {
        return "EvaluateOptions{sample=" + sample + ", contexts=" + contexts + ", metrics=" + metrics
                + ", contextPrecision="
                + contextPrecision + (ragasCompatible ? ", ragasCompatible" : "") + ", budgetUsd="
                + budgetUsd().map(String::valueOf).orElse("none") + ", repeats=" + repeats
                + humanLabels().map(p -> ", humanLabels=" + p).orElse("")
                + (batch ? ", batch=true" : "") + "}";
    }

    /** Configures {@link EvaluateOptions}; setters reject bad values at once. Not thread-safe. */
    public static final class Builder {
        private final SetOnce set = new SetOnce();
        private int sample = 150;
        private int contexts = 5;
        private List<JudgeMetric> metrics = JudgeMetric.defaults();
        private ContextPrecision.Mode contextPrecision = ContextPrecision.Mode.DEFAULT;
        private boolean ragasCompatible;
        private double budgetUsd = Double.POSITIVE_INFINITY;
        private TokenPrice answerPrice;
        private TokenPrice judgePrice;
        private int repeats = 1;
        private Path humanLabels;
        private TokenPrice embeddingPrice;
        private boolean batch;
        private BatchTiming batchTiming;

        private Builder() {}

        /**
         * Sends the calls of OpenAI chat models through OpenAI's Batch API, at half the live price,
         * instead of one HTTP call each (default false). The judge must be an OpenAI chat model; the
         * answering model and a second judge go by batch when they are OpenAI models too, others are
         * called live. Prompts, call keys and caches are those of a live run, so batched and live
         * results mix and resume alike. Calls that need others' replies go out in later batches
         * (answers, then statements, then verdicts); each batch may take up to its 24-hour window.
         * The batches are checkpointed in the workspace's {@code batch/} folder: a run stopped while
         * a batch is pending waits for that batch when it is run again, instead of sending again.
         */
        public Builder batch(boolean batch) {
            set.record("batch", batch);
            this.batch = batch;
            return this;
        }

        /**
         * How batches are gathered and polled (defaults: a batch goes out once no new call has come
         * for 10 s; polls every 30 s, doubling up to 10 min). Shorter times suit a local test server.
         *
         * @throws IllegalArgumentException if a duration is not positive or {@code firstPoll > maxPoll}
         */
        public Builder batchTiming(Duration settle, Duration firstPoll, Duration maxPoll) {
            for (Duration d : new Duration[] {settle, firstPoll, maxPoll}) {
                if (Objects.requireNonNull(d, "duration").isNegative() || d.isZero()) {
                    throw new IllegalArgumentException("batch times must be positive, was " + d);
                }
            }
            if (firstPoll.compareTo(maxPoll) > 0) {
                throw new IllegalArgumentException(
                        "the first batch poll " + firstPoll + " comes after the longest pause " + maxPoll);
            }
            set.record("batchTiming", settle + ", " + firstPoll + ", " + maxPoll);
            this.batchTiming = new BatchTiming(settle, firstPoll, maxPoll);
            return this;
        }

        /**
         * Judgements per cell of every judge metric (default 1); each repeat is a distinct, cached and
         * resumable call, and the result reports the judge's self-consistency.
         *
         * @throws IllegalArgumentException if below 1
         */
        public Builder repeats(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("repeats must be >= 1, was " + n);
            }
            set.record("repeats", n);
            this.repeats = n;
            return this;
        }

        /**
         * Human scores of some cells, one {@code {"retriever", "questionId", "metric", "score"}} object a
         * line, to report judge-human agreement and a prediction-powered mean per retriever; read
         * before any call is sent.
         */
        public Builder humanLabels(Path file) {
            set.record("humanLabels", Objects.requireNonNull(file, "file"));
            this.humanLabels = Objects.requireNonNull(file, "file");
            return this;
        }

        /** Questions in the stratified sample; must be at least 1. */
        public Builder sample(int n) {
            if (n < 1) {
                throw new IllegalArgumentException(Setting.SAMPLE.apiName() + " must be at least 1, was " + n);
            }
            set.record("sample", n);
            this.sample = n;
            return this;
        }

        /** Contexts retrieved per question for its answer (default 5); must be at least 1. */
        public Builder contexts(int n) {
            if (n < 1) {
                throw new IllegalArgumentException(Setting.CONTEXTS.apiName() + " must be at least 1, was " + n);
            }
            set.record("contexts", n);
            this.contexts = n;
            return this;
        }

        /**
         * The metrics, in order, a repeated one once.
         *
         * @throws IllegalArgumentException for an empty list
         */
        public Builder metrics(List<JudgeMetric> metrics) {
            List<JudgeMetric> list = List.copyOf(new LinkedHashSet<>(Objects.requireNonNull(metrics, "metrics")));
            if (list.isEmpty()) {
                throw new IllegalArgumentException("give at least one metric");
            }
            set.record("metrics", list);
            this.metrics = list;
            return this;
        }

        /**
         * Whether context precision judges each context in a call of its own, sent concurrently (true),
         * or all contexts numbered in one call (false, the default: fewer calls and tokens).
         */
        public Builder contextPrecisionPerContext(boolean perContext) {
            set.record("contextPrecisionPerContext", perContext);
            this.contextPrecision = perContext ? ContextPrecision.Mode.PER_CONTEXT : ContextPrecision.Mode.ONE_CALL;
            return this;
        }

        /**
         * Computes the judge metrics as RAGAS computes them (default false), to compare with RAGAS's
         * numbers: one call per context for context precision (whatever {@link
         * #contextPrecisionPerContext} says), sentence-level context recall, factual correctness with
         * claim decompositions of its own rounded to 2 decimals, and faithfulness's verdict call carrying
         * the answer's statements only. Its scores are stored under versions of their own, beside the
         * default mode's; about {@code 7 + K} judge calls per cell for the four headline metrics against
         * about 5 by default.
         */
        public Builder ragasCompatible(boolean on) {
            set.record("ragasCompatible", on);
            this.ragasCompatible = on;
            return this;
        }

        /**
         * Stops sending calls once the run's paid calls (answers, judge, embeddings) cost this much,
         * each model at its own price; everything finished is kept. The run refuses to start when a
         * paid model's price is unknown: give it with {@link #answerPrice}, {@link #judgePrice} or
         * {@link #embeddingPrice}.
         */
        public Builder budgetUsd(double usd) {
            if (!(usd > 0)) {
                throw new IllegalArgumentException("budgetUsd must be > 0, was " + usd);
            }
            set.record("budgetUsd", usd);
            this.budgetUsd = usd;
            return this;
        }

        /** The answering model's price (default: the built-in price table, else free). */
        public Builder answerPrice(TokenPrice price) {
            set.record("answerPrice", Objects.requireNonNull(price, "price"));
            this.answerPrice = Objects.requireNonNull(price, "price");
            return this;
        }

        /** The judge model's price (default: the built-in price table, else free). */
        public Builder judgePrice(TokenPrice price) {
            set.record("judgePrice", Objects.requireNonNull(price, "price"));
            this.judgePrice = Objects.requireNonNull(price, "price");
            return this;
        }

        /** The embedding model's price (default: the built-in price table, else free). */
        public Builder embeddingPrice(TokenPrice price) {
            set.record("embeddingPrice", Objects.requireNonNull(price, "price"));
            this.embeddingPrice = Objects.requireNonNull(price, "price");
            return this;
        }

        /** Builds the options. */
        public EvaluateOptions build() {
            return new EvaluateOptions(this);
        }
    }
}
