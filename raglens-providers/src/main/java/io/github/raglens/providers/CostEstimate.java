package io.github.raglens.providers;

import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Tokens and cost of planned calls, known before a run.
 *
 * <p>Prompt tokens are estimated as one token per four characters (rounded up, per request), the
 * usual rule of thumb for English text with OpenAI and Llama tokenizers; real counts differ by
 * some 10–30 %. Completion tokens are the worst case: every request's {@code maxOutputTokens}.
 *
 * @param model {@code provider/model}
 * @param calls number of calls
 * @param promptTokens estimated prompt tokens
 * @param maxCompletionTokens completion tokens if every reply used its cap
 * @param maxCostUsd cost of that worst case, empty when the model's price is unknown
 */
public record CostEstimate(
        String model, long calls, long promptTokens, long maxCompletionTokens, OptionalDouble maxCostUsd) {

    /** Validates the fields. */
    public CostEstimate {
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(maxCostUsd, "maxCostUsd");
    }

    /** Estimated tokens of a text: {@code ceil(chars / 4)}. */
    public static long estimateTokens(String text) {
        return (text.length() + 3) / 4;
    }

    /**
     * Estimates planned chat calls.
     *
     * @param model {@code provider/model}
     * @param requests the requests
     * @param prices the price table
     */
    public static CostEstimate of(String model, Iterable<ChatRequest> requests, PriceTable prices) {
        long calls = 0;
        long prompt = 0;
        long completion = 0;
        for (ChatRequest r : requests) {
            calls++;
            prompt += estimateTokens(r.allText());
            completion += r.maxOutputTokens();
        }
        return new CostEstimate(
                model, calls, prompt, completion, prices.cost(model, new TokenUsage(prompt, completion)));
    }
}
