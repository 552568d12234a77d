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

    /** Sum of both counts. */
    public long total() {
        return promptTokens + completionTokens;
    }

    /** This usage plus another. */
    public TokenUsage plus(TokenUsage other) {
        return new TokenUsage(promptTokens + other.promptTokens, completionTokens + other.completionTokens);
    }
}
