package io.github.raglens.providers;

/**
 * A provider client that counts the tokens of every reply in a {@link UsageLedger}: the chat and
 * embedding clients of this module. Code that receives a provider through the SPI can check for this
 * interface to meter it.
 */
public interface UsageMetered {

    /** The ledger this client records usage in. */
    UsageLedger usageLedger();
}
