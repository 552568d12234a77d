package io.github.raglens.providers;

import io.github.raglens.model.TokenUsage;

/**
 * A model's price in US dollars per million tokens.
 *
 * @param inputPerMillion price of a million prompt tokens, {@code >= 0}
 * @param outputPerMillion price of a million completion tokens, {@code >= 0}
 */
public record ModelPrice(double inputPerMillion, double outputPerMillion) {

    /** Free (local models). */
    public static final ModelPrice FREE = new ModelPrice(0, 0);

    /** Validates that prices are finite and not negative. */
    public ModelPrice {
        if (!(inputPerMillion >= 0)
                || !(outputPerMillion >= 0)
                || Double.isInfinite(inputPerMillion)
                || Double.isInfinite(outputPerMillion)) {
            throw new IllegalArgumentException(
                    "prices must be finite and >= 0, were " + inputPerMillion + " and " + outputPerMillion);
        }
    }

    /** The cost of some usage, in US dollars. */
    public double cost(TokenUsage usage) {
        return (usage.promptTokens() * inputPerMillion + usage.completionTokens() * outputPerMillion) / 1e6;
    }
}
