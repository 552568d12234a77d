package io.github.raglens.eval.judge;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.BudgetSpentException;
import io.github.raglens.error.InvalidRequestException;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.error.RateLimitedException;
import io.github.raglens.internal.Json;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.store.JsonlStore;
import io.github.raglens.usage.UsageLedger;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The judge model as the metrics use it: every call goes through one semaphore (at most {@code
 * concurrency} calls in flight), a completed call is sent at most once (shared between metrics in
 * memory and, with a call cache, across runs), and every call is counted in the run's {@link
 * UsageLedger} under the stage {@code judge}, whose budget stops new calls once it is spent.
 *
 * <p>Thread-safe. Close the session to release the call cache's file lock.
 */
public final class JudgeSession implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(JudgeSession.class);

    /** The stage the judge's calls are counted under. */
    static final String STAGE = "judge";

    private final LlmProvider llm;
    private final EmbeddingProvider embeddings;
    private final Semaphore permits;
    private final int concurrency;
    private final JsonlStore<CallRecord> cache;
    private final UsageLedger ledger;
    private final int retries;
    private final ConcurrentHashMap<String, CompletableFuture<Object>> memo;
    private final LongAdder callsSent;
    private final LongAdder cacheHits;
    private final LongAdder failedCalls;
    private final AtomicReference<String> stopped;
    private final int repeat;

    private JudgeSession(Builder b) {
        this.stopped = new AtomicReference<>();
        this.repeat = 0;
        this.ledger = b.ledger;
        this.llm = ledger.meter(b.llm, STAGE);
        this.embeddings = b.embeddings == null ? null : ledger.meter(b.embeddings, STAGE);
        this.concurrency = b.concurrency;
        this.permits = new Semaphore(b.concurrency, true);
        this.retries = b.retries;
        this.memo = new ConcurrentHashMap<>();
        this.callsSent = new LongAdder();
        this.cacheHits = new LongAdder();
        this.failedCalls = new LongAdder();
        this.cache = b.callCache == null
                ? null
                : JsonlStore.builder(b.callCache, CallRecord.class, CallRecord::key)
                        .forceEvery(32)
                        .open();
    }

    /** A view of {@code base} for one repeat of every judgement: the same state, its own call keys. */
    private JudgeSession(JudgeSession base, int repeat) {
        this.llm = base.llm;
        this.embeddings = base.embeddings;
        this.concurrency = base.concurrency;
        this.permits = base.permits;
        this.ledger = base.ledger;
        this.retries = base.retries;
        this.cache = base.cache;
        this.memo = base.memo;
        this.callsSent = base.callsSent;
        this.cacheHits = base.cacheHits;
        this.failedCalls = base.failedCalls;
        this.stopped = base.stopped;
        this.repeat = repeat;
    }

    /**
     * This session for repeat {@code r} of every judgement (0 is the first): it shares the semaphore,
     * the call cache, the counters and the budget, but suffixes every call key with the repeat, so a
     * repeat is a distinct call that is sent once and cached like any other.
     */
    JudgeSession repeat(int r) {
        if (r < 0) {
            throw new IllegalArgumentException("repeat must be >= 0, was " + r);
        }
        return r == repeat ? this : new JudgeSession(this, r);
    }

    /** The key a call is memoised and cached under in this repeat. */
    private String keyOf(String key) {
        return repeat == 0 ? key : key + "#repeat-" + repeat;
    }

    /**
     * Starts a session with the judge model.
     *
     * @param judge the judge model
     * @return a builder; defaults: concurrency 8, no call cache, a ledger of its own (listed prices,
     *     no budget), 1 retry
     */
    public static Builder builder(LlmProvider judge) {
        return new Builder(judge);
    }

    /** The judge model's name, recorded with every score. */
    public String modelName() {
        return llm.modelName();
    }

    /** The embedding provider used by response relevancy, when one was given. */
    public Optional<EmbeddingProvider> embeddings() {
        return Optional.ofNullable(embeddings);
    }

    /** How many calls may be in flight at once. */
    public int concurrency() {
        return concurrency;
    }

    /** The ledger the session's calls are counted in. */
    public UsageLedger ledger() {
        return ledger;
    }

    /** What the session has done so far. */
    public JudgeStats stats() {
        return new JudgeStats(
                callsSent.sum(), cacheHits.sum(), failedCalls.sum(), ledger.usage(STAGE), ledger.costUsd(STAGE));
    }

    /** Why the session stopped sending calls (budget spent, fatal provider error), if it did. */
    public Optional<String> stopReason() {
        return Optional.ofNullable(stopped.get());
    }

    /** Whether a completed call with this key is in the call cache. */
    boolean isCached(String key) {
        return cache != null && cache.contains(keyOf(key));
    }

    /**
     * Sends a JSON call once: a call with the same key made earlier in this session, or stored in the
     * call cache by an earlier run, is answered without sending it.
     *
     * @throws CellFailure when no usable reply could be had
     * @throws RunStopped when the budget is spent or the run was stopped
     */
    @SuppressWarnings("unchecked")
    <T> T ask(String callKey, ChatRequest request, ReplyReader<T> reader) {
        String key = keyOf(callKey);
        CompletableFuture<Object> mine = new CompletableFuture<>();
        CompletableFuture<Object> earlier = memo.putIfAbsent(key, mine);
        if (earlier != null) {
            cacheHits.increment();
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
            T value = fromCache(key, reader);
            if (value == null) {
                value = send(key, request, reader);
            }
            mine.complete(value);
            return value;
        } catch (RunStopped e) {
            // Not memoised: a stopped call was never answered.
            memo.remove(key, mine);
            mine.completeExceptionally(e);
            throw e;
        } catch (RuntimeException e) {
            mine.completeExceptionally(e);
            throw e;
        }
    }

    private <T> T fromCache(String key, ReplyReader<T> reader) {
        if (cache == null) {
            return null;
        }
        Optional<CallRecord> hit = cache.get(key);
        if (hit.isEmpty()) {
            return null;
        }
        try {
            T value = reader.read(Json.mapper().readTree(hit.get().reply()));
            cacheHits.increment();
            return value;
        } catch (JsonProcessingException | RuntimeException e) {
            LOG.warn("cached judge reply {} is no longer readable and is asked again: {}", key, e.getMessage());
            return null;
        }
    }

    private <T> T send(String key, ChatRequest request, ReplyReader<T> reader) {
        ChatRequest attempt = request;
        CellFailure last = null;
        for (int i = 0; i <= retries; i++) {
            // The permit is held until the reply is recorded in the call cache, so a kill can lose at
            // most one completed-but-unrecorded call per permit, even when a disk flush is slow.
            checkRunning();
            acquire();
            try {
                ChatOutcome outcome = chat(attempt);
                switch (outcome) {
                    case ChatOutcome.Completed c -> {
                        try {
                            T value = reader.read(Json.mapper().readTree(c.text()));
                            if (cache != null) {
                                TokenUsage u = c.usage();
                                cache.append(new CallRecord(
                                        key, llm.modelName(), c.text(), u.promptTokens(), u.completionTokens()));
                            }
                            return value;
                        } catch (JsonProcessingException e) {
                            last = new CellFailure("invalid-json", "the judge's reply is not JSON: " + firstLine(e));
                        } catch (IllegalArgumentException e) {
                            last = new CellFailure("schema-mismatch", e.getMessage());
                        }
                    }
                    case ChatOutcome.Failed f -> {
                        last = new CellFailure(f.reason().code(), f.detail());
                        if (f.reason() == ChatOutcome.Reason.REFUSAL) {
                            failedCalls.increment();
                            throw last;
                        }
                        if (f.reason() == ChatOutcome.Reason.TRUNCATED) {
                            attempt = withMaxTokens(attempt, attempt.maxOutputTokens() * 2);
                        }
                    }
                }
            } finally {
                permits.release();
            }
            failedCalls.increment();
        }
        throw last;
    }

    /**
     * Embeds texts through the session's semaphore.
     *
     * @throws CellFailure when the embedding provider fails or none was given
     */
    List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        if (embeddings == null) {
            throw new CellFailure("no-embeddings", "response relevancy needs an embedding provider");
        }
        checkRunning();
        acquire();
        try {
            return embeddings.embed(texts, purpose);
        } catch (ProviderException e) {
            throw failureOf(e);
        } catch (BudgetSpentException e) {
            stop(e.getMessage());
            throw new RunStopped(e.getMessage());
        } finally {
            permits.release();
        }
    }

    /** Stops sending new calls; calls in flight finish. */
    void stop(String reason) {
        stopped.compareAndSet(null, reason);
    }

    /** Sends one request; the caller holds a permit. */
    private ChatOutcome chat(ChatRequest request) {
        checkRunning();
        try {
            ChatOutcome outcome = llm.chat(request);
            callsSent.increment();
            return outcome;
        } catch (BudgetSpentException e) {
            stop(e.getMessage());
            throw new RunStopped(e.getMessage());
        } catch (ProviderException e) {
            callsSent.increment();
            failedCalls.increment();
            throw failureOf(e);
        }
    }

    private void checkRunning() {
        String why = stopped.get();
        if (why != null) {
            throw new RunStopped(why);
        }
    }

    private void acquire() {
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new RunStopped("interrupted");
        }
    }

    private RuntimeException failureOf(ProviderException e) {
        if (e instanceof AuthenticationException
                || e instanceof ModelNotFoundException
                || e instanceof ProviderUnreachableException) {
            stop(e.getMessage());
            return new RunStopped(e.getMessage());
        }
        if (e instanceof RateLimitedException) {
            return new CellFailure("rate-limited-gave-up", e.getMessage());
        }
        if (e instanceof ProviderTimeoutException) {
            return new CellFailure("timeout", e.getMessage());
        }
        if (e instanceof InvalidRequestException) {
            return new CellFailure("invalid-request", e.getMessage());
        }
        return new CellFailure("provider-error", e.getMessage());
    }

    private static ChatRequest withMaxTokens(ChatRequest r, int max) {
        return new ChatRequest(r.messages(), r.schema(), r.temperature(), r.seed(), max);
    }

    private static String firstLine(Exception e) {
        String m = String.valueOf(e.getMessage());
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl);
    }

    /** Flushes and closes the call cache. */
    @Override
    public void close() {
        if (cache != null && repeat == 0) {
            cache.close();
        }
    }

    @Override
    public String toString() {
        return "JudgeSession[model=" + llm.modelName() + ", concurrency=" + concurrency + ", ledger=" + ledger
                + ", retries=" + retries + ", callCache="
                + (cache == null ? "none" : cache.file()) + "]";
    }

    /** Configures a {@link JudgeSession}; not thread-safe. */
    public static final class Builder {
        private final LlmProvider llm;
        private EmbeddingProvider embeddings;
        private int concurrency = 8;
        private Path callCache;
        private UsageLedger ledger;
        private int retries = 1;

        private Builder(LlmProvider llm) {
            this.llm = Objects.requireNonNull(llm, "judge");
        }

        /** The embedding provider for response relevancy (default none). */
        public Builder embeddings(EmbeddingProvider embeddings) {
            this.embeddings = Objects.requireNonNull(embeddings, "embeddings");
            return this;
        }

        /**
         * How many calls may be in flight at once (default 8).
         *
         * @throws IllegalArgumentException if {@code n < 1}
         */
        public Builder concurrency(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("concurrency must be >= 1, was " + n);
            }
            this.concurrency = n;
            return this;
        }

        /** A JSONL file of completed calls, so that a rerun never sends a completed call again. */
        public Builder callCache(Path file) {
            this.callCache = Objects.requireNonNull(file, "file");
            return this;
        }

        /**
         * The ledger the calls are counted in, with the models' prices and the run's budget, which
         * stops new calls once spent (default: a ledger of the session's own, listed prices, no
         * budget). Give the run's ledger so one budget covers the answers and the judge alike.
         */
        public Builder ledger(UsageLedger ledger) {
            this.ledger = Objects.requireNonNull(ledger, "ledger");
            return this;
        }

        /**
         * How often a call with an unusable reply (invalid JSON, wrong shape, truncated) is sent again
         * in the same run (default 1); refusals are not retried.
         *
         * @throws IllegalArgumentException if {@code n < 0}
         */
        public Builder retries(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("retries must be >= 0, was " + n);
            }
            this.retries = n;
            return this;
        }

        /** Opens the session (and its call cache). */
        public JudgeSession build() {
            if (ledger == null) {
                ledger = new UsageLedger();
            }
            return new JudgeSession(this);
        }
    }
}
