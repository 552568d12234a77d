package io.github.raglens.eval.judge;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.TokenUsage;
import java.nio.file.Path;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The judge's completed calls on disk ({@code judge-calls.jsonl}), so that a rerun never sends a
 * completed call again. Thread-safe; close it to release the file lock.
 */
final class CallCache implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(CallCache.class);

    private final JsonlStore<CallRecord> store;

    CallCache(Path file) {
        this.store = JsonlStore.builder(file, CallRecord.class, CallRecord::key)
                .forceEvery(32)
                .open();
    }

    boolean contains(String key) {
        return store.contains(key);
    }

    /**
     * The cached reply of a call read with {@code reader}; empty when absent, no longer readable, or
     * replied by another served model than {@code served} (a re-pulled model): a reply recorded
     * without a served model, or looked up while the current one is unknown, is used.
     */
    <T> Optional<T> read(String key, ReplyReader<T> reader, Optional<String> served) {
        Optional<CallRecord> hit = store.get(key);
        if (hit.isEmpty()) {
            return Optional.empty();
        }
        String recorded = hit.get().served();
        if (!recorded.isEmpty() && served.isPresent() && !served.get().equals(recorded)) {
            LOG.debug(
                    "cached judge reply {} came from {}, the server now serves {}: asked again",
                    key,
                    recorded,
                    served.get());
            return Optional.empty();
        }
        try {
            return Optional.of(reader.read(Json.reader().readTree(hit.get().reply())));
        } catch (JsonProcessingException | RuntimeException e) {
            LOG.warn("cached judge reply {} is no longer readable and is asked again: {}", key, e.getMessage());
            return Optional.empty();
        }
    }

    void append(String key, String model, String reply, TokenUsage usage, Optional<String> served) {
        store.append(
                new CallRecord(key, model, reply, usage.promptTokens(), usage.completionTokens(), served.orElse("")));
    }

    Path file() {
        return store.file();
    }

    @Override
    public void close() {
        store.close();
    }
}
