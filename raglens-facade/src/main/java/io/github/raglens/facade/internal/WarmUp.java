package io.github.raglens.facade.internal;

import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Starts making a memoised value (a {@link Lazy} model) on a daemon thread, so that it loads while
 * the caller reads its files: a local embedding model takes seconds to load. The caller's own {@code
 * get()} waits for it, and meets its failure itself (a failed load is not memoised, so it is tried
 * again there and throws as it would have).
 */
public final class WarmUp {

    private static final Logger LOG = LoggerFactory.getLogger(WarmUp.class);

    private WarmUp() {}

    /** Starts {@code lazy.get()} on a daemon thread; does nothing for null. */
    public static void start(String what, Supplier<?> lazy) {
        if (lazy == null) {
            return;
        }
        Thread.ofPlatform().daemon().name("raglens-warm-up-" + what).start(() -> {
            try {
                lazy.get();
            } catch (RuntimeException | Error e) {
                LOG.debug("loading the {} ahead failed; it is loaded again when used", what, e);
            }
        });
    }
}
