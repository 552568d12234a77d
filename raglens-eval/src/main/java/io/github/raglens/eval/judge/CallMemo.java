package io.github.raglens.eval.judge;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The calls of one session by key, so that metrics asking the same call at the same time share one
 * answer. A call stopped before it was answered ({@link RunStopped}) is forgotten, so a later ask
 * sends it. Thread-safe.
 */
final class CallMemo {

    private final ConcurrentHashMap<String, CompletableFuture<Object>> calls = new ConcurrentHashMap<>();

    /**
     * The answer of the call with this key: an earlier ask's (waiting for it if still running), else
     * {@code call}'s, run on this thread.
     *
     * @param onShared run when an earlier ask's answer is shared
     */
    @SuppressWarnings("unchecked")
    <T> T once(String key, Supplier<T> call, Runnable onShared) {
        CompletableFuture<Object> mine = new CompletableFuture<>();
        CompletableFuture<Object> earlier = calls.putIfAbsent(key, mine);
        if (earlier != null) {
            onShared.run();
            try {
                return (T) earlier.join();
            } catch (CompletionException e) {
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                throw e;
            }
        }
        try {
            T value = call.get();
            mine.complete(value);
            return value;
        } catch (RunStopped e) {
            calls.remove(key, mine);
            mine.completeExceptionally(e);
            throw e;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        }
    }
}
