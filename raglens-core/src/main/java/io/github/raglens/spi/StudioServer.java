package io.github.raglens.spi;

import java.net.URI;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * The studio, a local web application over a workspace, as a program starts it without depending on
 * it: {@code raglens-studio} provides it and the facade finds it with {@link java.util.ServiceLoader}
 * as it finds index backends ({@code RagLens.studio}), so the {@code raglens} command reaches the
 * studio through the facade alone.
 */
public interface StudioServer {

    /** The port when none is given. */
    int DEFAULT_PORT = 7777;

    /**
     * Starts serving a workspace.
     *
     * @param workspace the workspace folder
     * @param host the address to listen on; other hosts are refused without a token
     * @param port the port; 0 picks a free one
     * @param token the token other hosts' requests must carry; empty to refuse them
     * @return the running studio
     * @throws IllegalArgumentException for a port outside 0–65535 or a token shorter than 16 characters
     * @throws io.github.raglens.error.RagLensException when the port is in use or the address is not
     *     this machine's, in one line naming it
     */
    Running start(Path workspace, String host, int port, Optional<String> token);

    /** A studio being served; closing it stops it. */
    interface Running extends AutoCloseable {

        /** Where a browser on this machine opens the studio, e.g. {@code http://127.0.0.1:7777/}. */
        URI url();

        /** Blocks until the thread is interrupted (Ctrl-C ends the process, and with it the server). */
        default void awaitStop() throws InterruptedException {
            new CountDownLatch(1).await();
        }

        /** Stops the server at once; a request in progress is cut short. Idempotent. */
        @Override
        void close();
    }
}
