package io.github.raglens.model;

import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The price of a model's tokens, in US dollars per million tokens.
 *
 * <p>{@link #listed} knows the list prices OpenAI and Groq published in 2025 for a few common models,
 * and that every Ollama model is free; prices change, so check them and give a model's price to
 * {@link io.github.raglens.usage.UsageLedger.Builder#price} where it matters.
 *
 * @param inputPerMillion dollars per million prompt tokens, {@code >= 0}
 * @param outputPerMillion dollars per million completion tokens, {@code >= 0}
 */
public record TokenPrice(double inputPerMillion, double outputPerMillion) {

    /** A free model (local Ollama, fakes). */
    public static final TokenPrice FREE = new TokenPrice(0, 0);

    /** Validates that both prices are finite and not negative. */
    public TokenPrice {
        if (!(inputPerMillion >= 0)
                || !(outputPerMillion >= 0)
                || Double.isInfinite(inputPerMillion)
                || Double.isInfinite(outputPerMillion)) {
            throw new IllegalArgumentException(
                    "prices must be finite and >= 0, were " + inputPerMillion + " and " + outputPerMillion);
        }
    }

    private static final Map<String, TokenPrice> LISTED = Map.of(
            "openai/gpt-4o-mini", new TokenPrice(0.15, 0.60),
            "openai/gpt-4o", new TokenPrice(2.50, 10.00),
            "openai/gpt-4.1", new TokenPrice(2.00, 8.00),
            "openai/gpt-4.1-mini", new TokenPrice(0.40, 1.60),
            "openai/gpt-4.1-nano", new TokenPrice(0.10, 0.40),
            "openai/text-embedding-3-small", new TokenPrice(0.02, 0),
            "openai/text-embedding-3-large", new TokenPrice(0.13, 0),
            "groq/llama-3.1-8b-instant", new TokenPrice(0.05, 0.08),
            "groq/llama-3.3-70b-versatile", new TokenPrice(0.59, 0.79));

    /**
     * The list price of a {@code provider/model} (case-insensitive), free for every {@code ollama/…}
     * model; empty when raglens does not know it.
     */
    public static Optional<TokenPrice> listed(String model) {
        String key = Objects.requireNonNull(model, "model").toLowerCase(Locale.ROOT);
        if (key.startsWith("ollama/")) {
            return Optional.of(FREE);
        }
        return Optional.ofNullable(LISTED.get(key));
    }

    /** A price. */
    public static TokenPrice of(double inputPerMillion, double outputPerMillion) {
        return new TokenPrice(inputPerMillion, outputPerMillion);
    }

    /** The cost of the tokens in US dollars. */
    public double cost(TokenUsage usage) {
        return (usage.promptTokens() * inputPerMillion + usage.completionTokens() * outputPerMillion) / 1_000_000.0;
    }
}
