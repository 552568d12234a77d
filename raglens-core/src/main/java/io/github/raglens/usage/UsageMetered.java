package io.github.raglens.usage;

/**
 * A provider client that counts its own calls' tokens as the server reports them (the HTTP chat and
 * embedding clients of raglens-providers). {@link UsageLedger#meter} asks such a client for a view
 * that records in the ledger, so every call is counted once, by the code that knows its real tokens;
 * clients without this interface are counted from their replies (chat) or not at all (embeddings).
 *
 * @param <T> the client type
 */
public interface UsageMetered<T> {

    /**
     * This client recording every call's usage in {@code ledger} under {@code stage}.
     *
     * @param ledger where to record, not null
     * @param stage the stage recorded, e.g. {@code judge}, not blank
     * @return a client with the same settings otherwise
     */
    T meteredBy(UsageLedger ledger, String stage);
}
