package io.github.raglens.usage;

import io.github.raglens.error.BudgetSpentException;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The one count of a run's model calls: tokens and calls per stage (e.g. {@code answers}, {@code
 * judge}) and model, their cost at each model's own price, and the run's budget.
 *
 * <p>Calls reach the ledger through {@link #meter(LlmProvider, String)} and {@link
 * #meter(EmbeddingProvider, String)}: a metered call first reserves its worst case (prompt tokens
 * estimated with {@link TokenUsage#estimateTokens}, the request's whole output cap) and is sent only
 * while the cost already spent plus the reservations of the calls in flight is below the budget; it
 * waits while in-flight calls could still spend the rest, and fails with {@link
 * BudgetSpentException} once the spent cost reaches the budget. So a run overshoots its budget by at
 * most one call's cost. Models without a known price count as free; a caller that sets a budget
 * should check {@link #price} for each of its models first.
 *
 * <p>Thread-safe.
 */
public final class UsageLedger {

    private record Key(String stage, String model) {}

    /**
     * The usage of one stage and model.
     *
     * @param stage the stage
     * @param model {@code provider/model}
     * @param calls calls counted
     * @param usage tokens summed
     * @param costUsd their cost in US dollars, empty when the model's price is unknown
     */
    public record Line(String stage, String model, long calls, TokenUsage usage, OptionalDouble costUsd) {
        /** Validates that no field is null. */
        public Line {
            Objects.requireNonNull(stage, "stage");
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(usage, "usage");
            Objects.requireNonNull(costUsd, "costUsd");
        }
    }

    private final Map<String, TokenPrice> prices;
    private final double budgetUsd;
    private final Map<Key, long[]> counts = new HashMap<>(); // calls, prompt, completion
    private double spentUsd;
    private double reservedUsd;

    private UsageLedger(Builder b) {
        this.prices = Map.copyOf(b.prices);
        this.budgetUsd = b.budgetUsd;
    }

    /** An empty ledger with the {@link TokenPrice#listed listed} prices and no budget. */
    public UsageLedger() {
        this(new Builder());
    }

    /**
     * Starts a ledger.
     *
     * @return a builder; defaults: the listed prices, no budget
     */
    public static Builder builder() {
        return new Builder();
    }

    /**
     * The price of a {@code provider/model}: the one given to the builder, else the listed one.
     *
     * @return the price, empty when unknown
     */
    public Optional<TokenPrice> price(String model) {
        TokenPrice given = prices.get(Objects.requireNonNull(model, "model"));
        return given != null ? Optional.of(given) : TokenPrice.listed(model);
    }

    /** The budget in US dollars, empty when there is none. */
    public OptionalDouble budgetUsd() {
        return Double.isInfinite(budgetUsd) ? OptionalDouble.empty() : OptionalDouble.of(budgetUsd);
    }

    /**
     * Adds one call's usage.
     *
     * @param stage the stage, e.g. {@code judge}
     * @param model {@code provider/model}
     * @param usage the tokens of the reply
     */
    public void record(String stage, String model, TokenUsage usage) {
        Key key = new Key(Objects.requireNonNull(stage, "stage"), Objects.requireNonNull(model, "model"));
        Objects.requireNonNull(usage, "usage");
        double cost = cost(model, usage);
        synchronized (this) {
            long[] c = counts.computeIfAbsent(key, k -> new long[3]);
            c[0]++;
            c[1] += usage.promptTokens();
            c[2] += usage.completionTokens();
            spentUsd += cost;
            notifyAll();
        }
    }

    /** The lines, ordered by stage then model. */
    public List<Line> lines() {
        List<Line> out = new ArrayList<>();
        synchronized (this) {
            counts.forEach((k, c) -> {
                TokenUsage usage = new TokenUsage(c[1], c[2]);
                Optional<TokenPrice> p = price(k.model());
                out.add(new Line(
                        k.stage(),
                        k.model(),
                        c[0],
                        usage,
                        p.isPresent() ? OptionalDouble.of(p.get().cost(usage)) : OptionalDouble.empty()));
            });
        }
        out.sort(Comparator.comparing(Line::stage).thenComparing(Line::model));
        return List.copyOf(out);
    }

    /** All usage summed. */
    public TokenUsage total() {
        return lines().stream().map(Line::usage).reduce(TokenUsage.NONE, TokenUsage::plus);
    }

    /** The usage of one stage, summed over its models. */
    public TokenUsage usage(String stage) {
        Objects.requireNonNull(stage, "stage");
        return lines().stream()
                .filter(l -> l.stage().equals(stage))
                .map(Line::usage)
                .reduce(TokenUsage.NONE, TokenUsage::plus);
    }

    /** The cost in US dollars of one stage's calls whose model's price is known. */
    public double costUsd(String stage) {
        Objects.requireNonNull(stage, "stage");
        return lines().stream()
                .filter(l -> l.stage().equals(stage))
                .mapToDouble(l -> l.costUsd().orElse(0))
                .sum();
    }

    /** The cost in US dollars of every call whose model's price is known. */
    public synchronized double costUsd() {
        return spentUsd;
    }

    /** The models used whose price is unknown, sorted. */
    public List<String> unpricedModels() {
        return lines().stream()
                .map(Line::model)
                .filter(m -> price(m).isEmpty())
                .distinct()
                .sorted()
                .toList();
    }

    /**
     * A view of a chat model whose every call is counted here under {@code stage} and held to the
     * budget. A {@link UsageMetered} model counts its own calls (as the server reports them, retries
     * included); any other is counted from each reply's {@link io.github.raglens.model.ChatOutcome#usage}.
     * Metering a view of this ledger again for the same stage returns it unchanged.
     *
     * <p>The view throws {@link BudgetSpentException} instead of sending once the budget is spent.
     */
    public LlmProvider meter(LlmProvider llm, String stage) {
        Objects.requireNonNull(llm, "llm");
        checkStage(stage);
        if (llm instanceof MeteredChat m && m.isOf(this, stage)) {
            return llm;
        }
        return new MeteredChat(this, llm, stage);
    }

    /**
     * A view of an embedding model whose every call is held to the budget, and counted here under
     * {@code stage} when it is {@link UsageMetered} (the HTTP clients); others (local models, user
     * code) report no tokens and are not counted. Metering a view of this ledger again for the same
     * stage returns it unchanged.
     */
    public EmbeddingProvider meter(EmbeddingProvider embeddings, String stage) {
        Objects.requireNonNull(embeddings, "embeddings");
        checkStage(stage);
        if (embeddings instanceof MeteredEmbeddings m && m.isOf(this, stage)) {
            return embeddings;
        }
        return new MeteredEmbeddings(this, embeddings, stage);
    }

    private static void checkStage(String stage) {
        if (Objects.requireNonNull(stage, "stage").isBlank()) {
            throw new IllegalArgumentException("stage must not be blank");
        }
    }

    /**
     * Reserves a call's worst-case cost before it is sent; waits while calls in flight could spend
     * what is left of the budget.
     *
     * @return the reserved dollars, to give back to {@link #release} once the call is recorded
     * @throws BudgetSpentException when the budget is spent
     * @throws InterruptedException when interrupted while waiting
     */
    synchronized double reserve(String model, TokenUsage worstCase) throws InterruptedException {
        double cost = cost(model, worstCase);
        while (true) {
            if (spentUsd >= budgetUsd) {
                throw new BudgetSpentException(budgetUsd);
            }
            if (spentUsd + reservedUsd < budgetUsd) {
                reservedUsd += cost;
                return cost;
            }
            wait();
        }
    }

    /** Gives back a reservation. */
    synchronized void release(double reservedCost) {
        reservedUsd = Math.max(0, reservedUsd - reservedCost);
        notifyAll();
    }

    private double cost(String model, TokenUsage usage) {
        return price(model).map(p -> p.cost(usage)).orElse(0.0);
    }

    @Override
    public String toString() {
        return "UsageLedger[budgetUsd="
                + budgetUsd().stream().boxed().findFirst().map(String::valueOf).orElse("none") + ", prices="
                + new TreeMap<>(prices) + ", lines=" + lines() + "]";
    }

    /** Configures a {@link UsageLedger}; not thread-safe. */
    public static final class Builder {
        private final Map<String, TokenPrice> prices = new HashMap<>();
        private double budgetUsd = Double.POSITIVE_INFINITY;

        private Builder() {}

        /**
         * Sets one model's price, replacing the listed one.
         *
         * @param model {@code provider/model}, as {@link LlmProvider#modelName()} names it
         * @throws IllegalArgumentException when {@code model} has no {@code provider/} part
         */
        public Builder price(String model, TokenPrice price) {
            Objects.requireNonNull(model, "model");
            Objects.requireNonNull(price, "price");
            if (!model.contains("/")) {
                throw new IllegalArgumentException(
                        "price key must be provider/model, e.g. 'openai/gpt-4o-mini', was '" + model + "'");
            }
            prices.put(model, price);
            return this;
        }

        /**
         * Sets the most the metered calls may cost, in US dollars (default no limit).
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder budgetUsd(double usd) {
            if (!(usd > 0)) {
                throw new IllegalArgumentException(
                        String.format(Locale.ROOT, "budget must be > 0 dollars, was %s", usd));
            }
            this.budgetUsd = usd;
            return this;
        }

        /** Creates the (empty) ledger. */
        public UsageLedger build() {
            return new UsageLedger(this);
        }
    }
}
