package io.github.raglens.model;

/**
 * The price of a model's tokens, in US dollars per million tokens.
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

    /** A price. */
    public static TokenPrice of(double inputPerMillion, double outputPerMillion) {
        return new TokenPrice(inputPerMillion, outputPerMillion);
    }

    /** The cost of the tokens in US dollars. */
    public double cost(TokenUsage usage) {
        return (usage.promptTokens() * inputPerMillion + usage.completionTokens() * outputPerMillion) / 1_000_000.0;
    }
}
