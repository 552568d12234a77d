package io.github.raglens.spi;

import java.util.concurrent.CompletionStage;

/**
 * An optional capability of an {@link LlmProvider}: telling when its server was first reached (a
 * connection made or reused, so the server is up) before any reply to the call that made it has
 * come back. An evaluation holds its other calls until the first one shows the server is there;
 * a provider implementing this lets them go sooner. Implementations are thread-safe.
 */
public interface ServerContact {

    /** Completes the first time a call of this client holds a connection to its server; never fails. */
    CompletionStage<Void> reached();
}
