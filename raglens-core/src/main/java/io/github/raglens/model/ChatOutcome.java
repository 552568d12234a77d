package io.github.raglens.model;

import java.util.Locale;
import java.util.Objects;

/**
 * What a chat call gave back: a completed reply, or a reply that cannot be used and why.
 *
 * <p>Transport problems (timeouts, rate limits that outlasted the retries, authentication) are
 * thrown as {@code ProviderException}s; this type covers replies that arrived but are unusable.
 */
public sealed interface ChatOutcome permits ChatOutcome.Completed, ChatOutcome.Failed {

    /** Tokens the call consumed (also for failed replies, which are billed too). */
    TokenUsage usage();

    /**
     * A usable reply.
     *
     * @param text the reply; when the request had a schema, JSON text valid against it
     * @param usage tokens consumed
     */
    record Completed(String text, TokenUsage usage) implements ChatOutcome {
        /** Validates that no field is null. */
        public Completed {
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(usage, "usage");
        }
    }

    /**
     * A reply that cannot be used.
     *
     * @param reason the kind of failure
     * @param detail what was wrong, for the user; never contains a secret
     * @param usage tokens consumed
     */
    record Failed(Reason reason, String detail, TokenUsage usage) implements ChatOutcome {
        /** Validates that no field is null. */
        public Failed {
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(detail, "detail");
            Objects.requireNonNull(usage, "usage");
        }
    }

    /** Why a reply cannot be used. */
    enum Reason {
        /** The reply hit the output token cap ({@code finish_reason: length}). */
        TRUNCATED,
        /** The model refused to answer. */
        REFUSAL,
        /** A JSON reply was expected and the text is not JSON. */
        INVALID_JSON,
        /** The reply is JSON but does not match the schema. */
        SCHEMA_MISMATCH;

        /** The reason as written in files and reports, e.g. {@code invalid-json}. */
        public String code() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }
    }
}
