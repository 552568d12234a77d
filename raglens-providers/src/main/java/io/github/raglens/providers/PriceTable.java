package io.github.raglens.providers;

import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * Prices per model, keyed by {@code provider/model} as in {@link
 * io.github.raglens.spi.LlmProvider#modelName()}. Every {@code ollama/…} model is free. Immutable
 * and thread-safe.
 *
 * <p>{@link #defaults()} holds list prices published by OpenAI and Groq in 2025 for a few common
 * models; prices change, so check them and override with {@link #with(String, TokenPrice)}.
 */
public final class PriceTable {

    private final Map<String, TokenPrice> prices;

    private PriceTable(Map<String, TokenPrice> prices) {
        this.prices = Map.copyOf(prices);
    }

    /** A table without prices (only local models are known: free). */
    public static PriceTable empty() {
        return new PriceTable(Map.of());
    }

    /** List prices of common OpenAI and Groq models (published 2025; verify before trusting). */
    public static PriceTable defaults() {
        Map<String, TokenPrice> p = new TreeMap<>();
        p.put("openai/gpt-4o-mini", new TokenPrice(0.15, 0.60));
        p.put("openai/gpt-4o", new TokenPrice(2.50, 10.00));
        p.put("openai/gpt-4.1", new TokenPrice(2.00, 8.00));
        p.put("openai/gpt-4.1-mini", new TokenPrice(0.40, 1.60));
        p.put("openai/gpt-4.1-nano", new TokenPrice(0.10, 0.40));
        p.put("openai/text-embedding-3-small", new TokenPrice(0.02, 0));
        p.put("openai/text-embedding-3-large", new TokenPrice(0.13, 0));
        p.put("groq/llama-3.1-8b-instant", new TokenPrice(0.05, 0.08));
        p.put("groq/llama-3.3-70b-versatile", new TokenPrice(0.59, 0.79));
        return new PriceTable(p);
    }

    /** This table with one model's price set (replacing any earlier one). */
    public PriceTable with(String model, TokenPrice price) {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(price, "price");
        if (!model.contains("/")) {
            throw new IllegalArgumentException(
                    "price key must be provider/model, e.g. 'openai/gpt-4o-mini', was '" + model + "'");
        }
        Map<String, TokenPrice> p = new TreeMap<>(prices);
        p.put(model, price);
        return new PriceTable(p);
    }

    /** The price of a {@code provider/model}, empty when unknown. Ollama models are free. */
    public Optional<TokenPrice> price(String model) {
        Objects.requireNonNull(model, "model");
        if (model.toLowerCase(Locale.ROOT).startsWith("ollama/")) {
            return Optional.of(TokenPrice.FREE);
        }
        return Optional.ofNullable(prices.get(model));
    }

    /** The cost of some usage of a model, empty when its price is unknown. */
    public OptionalDouble cost(String model, TokenUsage usage) {
        Optional<TokenPrice> p = price(model);
        return p.isPresent() ? OptionalDouble.of(p.get().cost(usage)) : OptionalDouble.empty();
    }

    @Override
    public String toString() {
        return "PriceTable" + new TreeMap<>(prices);
    }
}
