package io.github.raglens.result;

import java.util.Locale;

/**
 * What a run is expected to send before anything is sent (a dry run): model calls, estimated
 * tokens and their cost.
 *
 * @param calls model calls
 * @param promptTokens estimated prompt tokens
 * @param completionTokens estimated completion tokens
 * @param costUsd the tokens at the model's price, in US dollars
 */
public record CostEstimate(long calls, long promptTokens, long completionTokens, double costUsd) {

    /** Nothing to send. */
    public static final CostEstimate NONE = new CostEstimate(0, 0, 0, 0);

    /** This estimate plus another. */
    public CostEstimate plus(CostEstimate o) {
        return new CostEstimate(
                calls + o.calls,
                promptTokens + o.promptTokens,
                completionTokens + o.completionTokens,
                costUsd + o.costUsd);
    }

    /** One line for the terminal, e.g. {@code 1,234 calls, ~2.1M prompt + 0.3M completion tokens, ~$0.42}. */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "%,d calls, ~%,d prompt + ~%,d completion tokens, ~$%.2f",
                calls,
                promptTokens,
                completionTokens,
                costUsd);
    }
}
