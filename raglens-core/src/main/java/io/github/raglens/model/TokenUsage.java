package io.github.raglens.model;

/**
 * Tokens a call consumed, as reported by the provider.
 *
 * @param promptTokens tokens of the input
 * @param completionTokens tokens of the reply
 */
public record TokenUsage(long promptTokens, long completionTokens) {

    /** No tokens. */
    public static final TokenUsage NONE = new TokenUsage(0, 0);

    /** Validates that counts are not negative. */
    public TokenUsage {
        if (promptTokens < 0 || completionTokens < 0) {
            throw new IllegalArgumentException(
                    "token counts must be >= 0, were " + promptTokens + " and " + completionTokens);
        }
    }

    /**
     * The tokens a text of this many characters is estimated to hold before it is sent: one token
     * per four characters, rounded up, the usual rule for English text with OpenAI and Llama
     * tokenizers (real counts differ by some 10–30 %).
     *
     * @param chars the characters, {@code >= 0}
     * @return {@code ceil(chars / 4)}
     */
    public static long estimateTokens(long chars) {
        return (chars + 3) / 4;
    }

    /** Sum of both counts. */
    public long total() {
        return promptTokens + completionTokens;
    }

    /** This usage plus another. */
    public TokenUsage plus(TokenUsage other) {
        return new TokenUsage(promptTokens + other.promptTokens, completionTokens + other.completionTokens);
    }
}
