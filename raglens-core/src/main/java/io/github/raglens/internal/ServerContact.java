package io.github.raglens.internal;

import java.util.concurrent.CompletionStage;

/**
 * A model client that can tell when its server was first reached: a connection made (or reused), so
 * the server is up, before any reply to the call that made it has come back.
 */
public interface ServerContact {

    /** Completes the first time a call of this client holds a connection to its server; never fails. */
    CompletionStage<Void> reached();
}
