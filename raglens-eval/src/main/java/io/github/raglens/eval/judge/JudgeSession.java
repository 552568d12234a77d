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
import io.github.raglens.result.ScoringSummary.JudgeStats;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.usage.UsageLedger;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The judge model as the metrics use it: every call waits for one of {@code concurrency} permits
 * ({@link CallPermits}), a completed call is sent at most once (shared between metrics in memory by
 * {@link CallMemo} and, with a {@link CallCache}, across runs), and every call is counted in the
 * run's {@link UsageLedger} under the stage {@code judge}, whose budget stops new calls once it is
 * spent.
 *
 * <p>Thread-safe. Close the session to release the call cache's file lock.
 */
public final class JudgeSession implements AutoCloseable {

    /** The stage the judge's calls are counted under. */
    static final String STAGE = "judge";

    /** What every repeat view of a session shares. */
    private record Shared(
            LlmProvider llm,
            EmbeddingProvider embeddings,
            UsageLedger ledger,
            int retries,
            CallPermits permits,
            CallMemo memo,
            CallCache cache,
            CallCounts counts,
            NuggetBook nuggets) {}

    private final Shared shared;
    private final int repeat;

    private JudgeSession(Shared shared, int repeat) {
        this.shared = shared;
        this.repeat = repeat;
    }

    /**
     * This session for repeat {@code r} of every judgement (0 is the first): it shares the permits,
     * the call cache, the counts and the ledger, but suffixes every call key with the repeat, so a
     * repeat is a distinct call that is sent once and cached like any other.
     */
    JudgeSession repeat(int r) {
        if (r < 0) {
            throw new IllegalArgumentException("repeat must be >= 0, was " + r);
        }
        return r == repeat ? this : new JudgeSession(shared, r);
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
        return shared.llm.modelName();
    }

    /** The embedding provider used by response relevancy, when one was given. */
    public Optional<EmbeddingProvider> embeddings() {
        return Optional.ofNullable(shared.embeddings);
    }

    /** How many calls may be in flight at once. */
    public int concurrency() {
        return shared.permits.concurrency();
    }

    /** The permits every call of the session waits for; a live evaluation's answers share them. */
    public CallPermits permits() {
        return shared.permits;
    }

    /** The ledger the session's calls are counted in. */
    public UsageLedger ledger() {
        return shared.ledger;
    }

    /** What the session has done so far. */
    public JudgeStats stats() {
        return shared.counts.stats(shared.ledger, STAGE);
    }

    /** Why the session stopped sending calls (budget spent, fatal provider error), if it did. */
    public Optional<String> stopReason() {
        return shared.permits.stopReason();
    }

    /** What the judge's server says the model is, when it says ({@link LlmProvider#servedModel()}). */
    public Optional<String> servedModel() {
        return shared.llm.servedModel();
    }

    /**
     * The questions' nuggets and their labels, of the files given to {@link Builder#nuggets}, else
     * kept in memory for the session's life.
     */
    public NuggetBook nuggets() {
        return shared.nuggets;
    }

    /** Whether a completed call with this key is in the call cache. */
    boolean isCached(String key) {
        return shared.cache != null && shared.cache.contains(keyOf(key));
    }

    /**
     * Sends a JSON call once: a call with the same key made earlier in this session, or stored in the
     * call cache by an earlier run, is answered without sending it.
     *
     * @throws CellFailure when no usable reply could be had
     * @throws RunStopped when the budget is spent or the run was stopped
     */
    <T> T ask(String callKey, ChatRequest request, ReplyReader<T> reader) {
        String key = keyOf(callKey);
        return shared.memo.once(
                key,
                () -> {
                    Optional<T> cached = shared.cache == null
                            ? Optional.empty()
                            : shared.cache.read(key, reader, shared.llm.servedModel());
                    if (cached.isPresent()) {
                        shared.counts.shared();
                        return cached.get();
                    }
                    return send(key, request, reader);
                },
                shared.counts::shared);
    }

    private <T> T send(String key, ChatRequest request, ReplyReader<T> reader) {
        ChatRequest attempt = request;
        CellFailure last = null;
        for (int i = 0; i <= shared.retries; i++) {
            // The permit is held until the reply is recorded in the call cache, so a kill can lose at
            // most one completed-but-unrecorded call per permit, even when a disk flush is slow.
            shared.permits.acquire();
            try {
                ChatOutcome outcome = chat(attempt);
                switch (outcome) {
                    case ChatOutcome.Completed c -> {
                        try {
                            T value = reader.read(Json.reader().readTree(c.text()));
                            if (shared.cache != null) {
                                shared.cache.append(key, modelName(), c.text(), c.usage(), shared.llm.servedModel());
                            }
                            return value;
                        } catch (JsonProcessingException e) {
                            last = new CellFailure("invalid-json", "the judge's reply is not JSON: " + firstLine(e));
                            attempt = RepairRequest.of(request, c.text(), last.getMessage());
                        } catch (IllegalArgumentException e) {
                            last = new CellFailure("schema-mismatch", e.getMessage());
                            attempt = RepairRequest.of(request, c.text(), last.getMessage());
                        }
                    }
                    case ChatOutcome.Failed f -> {
                        last = new CellFailure(f.reason().code(), f.detail());
                        if (f.reason() == ChatOutcome.Reason.REFUSAL) {
                            shared.counts.failed();
                            throw last;
                        }
                        if (f.reason() == ChatOutcome.Reason.TRUNCATED) {
                            attempt = withMaxTokens(attempt, attempt.maxOutputTokens() * 2);
                        }
                    }
                }
            } finally {
                shared.permits.release();
            }
            shared.counts.failed();
        }
        throw last;
    }

    /**
     * Embeds texts with one permit.
     *
     * @throws CellFailure when the embedding provider fails or none was given
     */
    List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        if (shared.embeddings == null) {
            throw new CellFailure("no-embeddings", "response relevancy needs an embedding provider");
        }
        shared.permits.acquire();
        try {
            return shared.embeddings.embed(texts, purpose);
        } catch (ProviderException e) {
            throw failureOf(e);
        } catch (BudgetSpentException e) {
            throw stopped(e);
        } finally {
            shared.permits.release();
        }
    }

    /** Stops sending new calls; calls in flight finish. */
    void stop(String reason) {
        shared.permits.stop(reason);
    }

    /** Sends one request; the caller holds a permit. */
    private ChatOutcome chat(ChatRequest request) {
        shared.permits.checkRunning();
        try {
            ChatOutcome outcome = shared.llm.chat(request);
            shared.counts.sent();
            return outcome;
        } catch (BudgetSpentException e) {
            throw stopped(e);
        } catch (ProviderException e) {
            shared.counts.sent();
            shared.counts.failed();
            throw failureOf(e);
        }
    }

    private RunStopped stopped(BudgetSpentException e) {
        stop(e.getMessage());
        return new RunStopped(e.getMessage());
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
        if (repeat == 0) {
            try {
                shared.nuggets.close();
            } finally {
                if (shared.cache != null) {
                    shared.cache.close();
                }
            }
        }
    }

    @Override
    public String toString() {
        return "JudgeSession[model=" + modelName() + ", concurrency=" + concurrency() + ", ledger=" + shared.ledger
                + ", retries=" + shared.retries + ", callCache="
                + (shared.cache == null ? "none" : shared.cache.file()) + "]";
    }

    /** Configures a {@link JudgeSession}; not thread-safe. */
    public static final class Builder {
        private final LlmProvider llm;
        private EmbeddingProvider embeddings;
        private int concurrency = 8;
        private Path callCache;
        private Path nuggetsFile;
        private Path assignmentsFile;
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
         * The files the nugget metrics keep the questions' nuggets and their labels in, so a rerun
         * and every system share them and a person can edit them (default: kept in memory).
         *
         * @param nuggetsFile the questions' nuggets, {@code nuggets.jsonl} in a workspace
         * @param assignmentsFile the answers' labels, {@code nugget-assignments.jsonl} in a workspace
         */
        public Builder nuggets(Path nuggetsFile, Path assignmentsFile) {
            this.nuggetsFile = Objects.requireNonNull(nuggetsFile, "nuggetsFile");
            this.assignmentsFile = Objects.requireNonNull(assignmentsFile, "assignmentsFile");
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
            UsageLedger l = ledger == null ? new UsageLedger() : ledger;
            return new JudgeSession(
                    new Shared(
                            l.meter(llm, STAGE),
                            embeddings == null ? null : l.meter(embeddings, STAGE),
                            l,
                            retries,
                            new CallPermits(concurrency),
                            new CallMemo(),
                            callCache == null ? null : new CallCache(callCache),
                            new CallCounts(),
                            nuggetsFile == null
                                    ? NuggetBook.inMemory()
                                    : NuggetBook.open(nuggetsFile, assignmentsFile)),
                    0);
        }
    }
}
