package io.github.raglens.providers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.InvalidRequestException;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.error.RateLimitedException;
import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.internal.SetOnce;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.spi.LlmProvider;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends chat calls through OpenAI's Batch API, at half the price of live calls, behind the same
 * {@link LlmProvider} interface: {@link #chat(OpenAiChat)} gives a view of a chat client whose
 * {@code chat} gathers its request into the next batch and waits until the batch has answered it.
 *
 * <p>Calls that arrive together form one wave: once no new call has come for the settle time (or
 * 50,000 requests or 190 MB are gathered), the wave's requests are written as JSONL lines, uploaded
 * ({@code POST /files}, purpose {@code batch}), sent as one batch to {@code /v1/chat/completions}
 * with a 24-hour completion window, and polled with growing pauses until the batch has ended. The
 * output and error files are matched to the waiting calls by {@code custom_id}, a hash of the
 * request, so identical requests are sent once. A dependent call (a verdict that needs the
 * statements of an answer) is asked when its caller has its input, so it goes out in a later wave.
 *
 * <p>Per request: a reply is handed to its caller as a live reply would be; a request that was
 * throttled, hit a server error or was not run before the batch expired goes into the next wave, at
 * most {@code maxAttempts} times in all; any other failure (and a failed or cancelled batch) is
 * thrown to its caller as a {@link ProviderException} with the batch, the request and the server's
 * reason.
 *
 * <p>Resumable: every batch sent is checkpointed in the folder ({@code batches.jsonl}, with the
 * input file beside it) before it is polled. A later process that asks a request of a batch still
 * checkpointed as pending waits for that batch instead of sending the request again. Replies of the
 * ended batches are kept in the folder too ({@code BATCH-output.jsonl}, {@code BATCH-errors.jsonl}).
 *
 * <p>Thread-safe. Close it when the run is done to release the checkpoint's lock.
 */
public final class OpenAiBatch implements AutoCloseable {

    /** The most requests one batch may hold, as documented. */
    public static final int MAX_REQUESTS = 50_000;

    /**
     * Status polls of a batch that may fail one after the other (each after the HTTP client's own
     * retries) before its waiting requests fail; the batch stays checkpointed for a rerun.
     */
    static final int MAX_FAILED_POLLS = 8;

    /** What a batched call costs relative to a live one. */
    public static final double PRICE_FACTOR = 0.5;

    /** Input files stay below the documented 200 MB with room for the multipart framing. */
    static final long MAX_BYTES = 190L * 1024 * 1024;

    private static final Logger LOG = LoggerFactory.getLogger(OpenAiBatch.class);

    /** Waits between polls; tests pass one that only adds up the time. */
    @FunctionalInterface
    interface Sleeper {
        void sleep(Duration d) throws InterruptedException;
    }

    /**
     * What the batches did so far.
     *
     * @param batches batches sent by this process
     * @param requests requests sent in them (a request sent again counts again)
     * @param retried requests put into a later wave after a retryable failure
     * @param failed requests handed to their callers as failures
     * @param polls status polls made
     * @param waited time spent waiting between polls
     */
    public record Stats(int batches, long requests, long retried, long failed, long polls, Duration waited) {}

    private final Path folder;
    private final Duration settle;
    private final Duration firstPoll;
    private final Duration maxPoll;
    private final int maxAttempts;
    private final Sleeper sleeper;
    private final JsonlStore<BatchEntry> checkpoint;
    private final ExecutorService threads = Executors.newVirtualThreadPerTaskExecutor();
    private final Thread dispatcher;

    private final Object lock = new Object();
    /** Calls gathered for the next batch, per server (a batch holds the requests of one model). */
    private final Map<String, Wave> open = new HashMap<>();
    /** Calls whose batch is sent or resumed and has not ended, by custom id. */
    private final Map<String, Call> waiting = new HashMap<>();
    /** Custom ids of batches an earlier process left pending, with their batch. */
    private final Map<String, BatchEntry> resumable = new HashMap<>();
    /** Batches from an earlier process being polled. */
    private final Set<String> polling = new HashSet<>();
    /** Lines of resumed batches that ended before their caller asked again, by custom id. */
    private final Map<String, BatchLine> early = new HashMap<>();

    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong retried = new AtomicLong();
    private final AtomicLong failed = new AtomicLong();
    private final AtomicLong polls = new AtomicLong();
    private final AtomicLong waitedNanos = new AtomicLong();
    private volatile boolean closed;

    private OpenAiBatch(Builder b) {
        this.folder = b.folder;
        this.settle = b.settle;
        this.firstPoll = b.firstPoll;
        this.maxPoll = b.maxPoll;
        this.maxAttempts = b.maxAttempts;
        this.sleeper = b.sleeper;
        try {
            Files.createDirectories(folder);
        } catch (IOException e) {
            throw new StoreException(folder, "cannot create the batch folder " + folder + ": " + e.getMessage(), e);
        }
        this.checkpoint = JsonlStore.builder(folder.resolve("batches.jsonl"), BatchEntry.class, BatchEntry::batchId)
                .open();
        for (BatchEntry e : checkpoint.records()) {
            if (BatchEntry.PENDING.equals(e.status())) {
                e.customIds().forEach(id -> resumable.put(id, e));
                LOG.debug("batch {} of {} is pending from an earlier run", e.batchId(), e.server());
            }
        }
        this.dispatcher = Thread.ofVirtual().name("raglens-batch-dispatcher").start(this::dispatch);
    }

    /**
     * Starts a batch sender that checkpoints its batches in {@code folder}.
     *
     * @param folder where the checkpoint and the batch files are kept, e.g. {@code .raglens/batch}
     * @return a builder; defaults: settle 10 s, polls every 30 s growing to 10 min, 3 attempts per
     *     request
     */
    public static Builder builder(Path folder) {
        return new Builder(folder);
    }

    /**
     * The chat client's calls sent through this batch sender: same model name, same requests and
     * replies as {@code model.chat}, at the batch price. A ledger it is metered by records its usage
     * under {@link #ledgerName(String)}.
     *
     * @param model the chat client; its server, key and timeouts are used for the Files and Batches
     *     endpoints too
     * @return the batched client
     */
    public LlmProvider chat(OpenAiChat model) {
        return new BatchChat(this, Objects.requireNonNull(model, "model"), null, null);
    }

    /**
     * The name a batched model's usage is recorded under in a ledger, so that it can be priced at
     * the batch price ({@link #PRICE_FACTOR} of the live one): {@code openai/gpt-4o-mini (batch)}.
     */
    public static String ledgerName(String modelName) {
        return modelName + " (batch)";
    }

    /** What the batches did so far. */
    public Stats stats() {
        return new Stats(
                (int) batches.get(),
                requests.get(),
                retried.get(),
                failed.get(),
                polls.get(),
                Duration.ofNanos(waitedNanos.get()));
    }

    /** A request waiting for its line. */
    private static final class Call {
        final String customId;
        final String server;
        final OpenAiChat model;
        final BatchApi api;
        final ObjectNode body;
        final CompletableFuture<BatchLine> line = new CompletableFuture<>();
        int attempts;
        String batchId = "";

        Call(String customId, String server, OpenAiChat model, BatchApi api, ObjectNode body) {
            this.customId = customId;
            this.server = server;
            this.model = model;
            this.api = api;
            this.body = body;
        }
    }

    /** The calls gathered for one server's next batch. */
    private static final class Wave {
        final LinkedHashMap<String, Call> calls = new LinkedHashMap<>();
        long bytes;
        long lastAdded = System.nanoTime();
    }

    /**
     * The answered line of a request, waiting for as long as its batch takes.
     *
     * @throws ProviderException when the request failed in its batch, or the batch could not be sent
     * @throws CancellationException when the thread is interrupted while waiting
     */
    BatchLine await(OpenAiChat model, BatchApi api, ObjectNode body) {
        String server = model.batchServer();
        String customId = customId(server, body);
        Call call;
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("the batch sender is closed");
            }
            call = waiting.get(customId);
            if (call == null) {
                Wave w = open.get(server);
                call = w == null ? null : w.calls.get(customId);
            }
            if (call == null) {
                call = new Call(customId, server, model, api, body);
                BatchLine done = early.remove(customId);
                BatchEntry pending = resumable.remove(customId);
                if (done != null && done.answered()) {
                    return done;
                } else if (pending != null) {
                    call.batchId = pending.batchId();
                    call.attempts = 1;
                    waiting.put(customId, call);
                    if (polling.add(pending.batchId())) {
                        LOG.info(
                                "resuming batch {} sent by an earlier run ({} requests)",
                                pending.batchId(),
                                pending.customIds().size());
                        threads.submit(() -> poll(api, pending, null));
                    }
                } else {
                    gather(call);
                }
            }
        }
        try {
            return call.line.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            CancellationException c = new CancellationException("interrupted while waiting for batch "
                    + (call.batchId.isEmpty() ? "(not sent yet)" : call.batchId));
            c.initCause(e);
            throw c;
        } catch (ExecutionException e) {
            if (e.getCause() instanceof RuntimeException re) {
                throw re;
            }
            throw new IllegalStateException(e.getCause());
        }
    }

    /** Adds a call to its server's next wave; the caller holds the lock. */
    private void gather(Call call) {
        Wave w = open.computeIfAbsent(call.server, s -> new Wave());
        long size = call.body.toString().length() + 100L;
        if (!w.calls.isEmpty() && (w.calls.size() >= MAX_REQUESTS || w.bytes + size > MAX_BYTES)) {
            open.remove(call.server);
            Wave full = w;
            threads.submit(() -> send(full));
            w = open.computeIfAbsent(call.server, s -> new Wave());
        }
        w.calls.put(call.customId, call);
        w.bytes += size;
        w.lastAdded = System.nanoTime();
    }

    /** Sends every wave that has settled. */
    private void dispatch() {
        long pause = Math.max(5, settle.toMillis() / 5);
        while (!closed) {
            try {
                Thread.sleep(pause);
            } catch (InterruptedException e) {
                return;
            }
            List<Wave> due = new ArrayList<>();
            synchronized (lock) {
                long now = System.nanoTime();
                open.values().removeIf(w -> {
                    boolean settled = now - w.lastAdded >= settle.toNanos();
                    if (settled) {
                        due.add(w);
                    }
                    return settled;
                });
            }
            due.forEach(w -> threads.submit(() -> send(w)));
        }
    }

    private void send(Wave wave) {
        List<Call> calls = List.copyOf(wave.calls.values());
        Call first = calls.get(0);
        StringBuilder jsonl = new StringBuilder();
        for (Call c : calls) {
            ObjectNode line = Json.objectNode();
            line.put("custom_id", c.customId);
            line.put("method", "POST");
            line.put("url", BatchApi.ENDPOINT);
            line.set("body", c.body);
            jsonl.append(line).append('\n');
        }
        byte[] bytes = jsonl.toString().getBytes(StandardCharsets.UTF_8);
        BatchEntry entry;
        BatchState state;
        try {
            String fileId = first.api.upload("raglens-batch.jsonl", bytes);
            state = first.api.create(fileId);
            write(folder.resolve(state.id() + "-input.jsonl"), jsonl.toString());
            entry = BatchEntry.pending(
                    state.id(),
                    first.server,
                    fileId,
                    calls.stream().map(c -> c.customId).toList());
            checkpoint.append(entry);
        } catch (RuntimeException e) {
            LOG.warn("a batch of {} requests to {} could not be sent: {}", calls.size(), first.server, e.getMessage());
            calls.forEach(c -> fail(c, e));
            return;
        }
        batches.incrementAndGet();
        requests.addAndGet(calls.size());
        synchronized (lock) {
            for (Call c : calls) {
                c.attempts++;
                c.batchId = state.id();
                waiting.put(c.customId, c);
            }
        }
        LOG.info("sent batch {} with {} requests to {}", state.id(), calls.size(), first.server);
        poll(first.api, entry, state);
    }

    /**
     * Polls a batch until it has ended, then hands its lines out. A batch the server no longer gives
     * back (its replies included) is given up and its requests go into the next wave; one whose polls
     * keep failing fails its waiting requests and stays checkpointed.
     */
    private void poll(BatchApi api, BatchEntry entry, BatchState sent) {
        Duration pause = firstPoll;
        int failedPolls = 0;
        try {
            BatchState state = sent;
            while (state == null || !state.ended()) {
                if (state != null || failedPolls > 0) {
                    long t0 = System.nanoTime();
                    sleeper.sleep(pause);
                    waitedNanos.addAndGet(Math.max(pause.toNanos(), System.nanoTime() - t0));
                    pause = pause.multipliedBy(2).compareTo(maxPoll) > 0 ? maxPoll : pause.multipliedBy(2);
                }
                try {
                    state = api.retrieve(entry.batchId());
                    polls.incrementAndGet();
                    failedPolls = 0;
                } catch (ProviderException e) {
                    if (!e.isRetryable()) {
                        throw e;
                    }
                    if (++failedPolls == MAX_FAILED_POLLS) {
                        throw new PollsFailed(e);
                    }
                    LOG.warn(
                            "polling batch {} failed; polling again in {}: {}", entry.batchId(), pause, e.getMessage());
                    continue;
                }
                LOG.debug(
                        "batch {}: {} ({} of {} done, {} failed)",
                        state.id(),
                        state.status(),
                        state.completed(),
                        state.total(),
                        state.failed());
            }
            Map<String, BatchLine> lines = new HashMap<>();
            if (!state.outputFileId().isEmpty()) {
                lines.putAll(download(api, state.outputFileId(), state.id() + "-output.jsonl"));
            }
            if (!state.errorFileId().isEmpty()) {
                download(api, state.errorFileId(), state.id() + "-errors.jsonl").forEach(lines::putIfAbsent);
            }
            finish(entry, state, lines);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            takeCalls(entry)
                    .forEach(c -> fail(
                            c,
                            new CancellationException("stopped while waiting for batch " + entry.batchId()
                                    + "; it stays checkpointed, rerun to resume")));
        } catch (RuntimeException e) {
            if (closed) {
                LOG.debug("stopped polling batch {}; it stays checkpointed: {}", entry.batchId(), e.getMessage());
                takeCalls(entry).forEach(c -> fail(c, e));
            } else if (gone(e)) {
                giveUp(entry, e);
            } else if (e instanceof PollsFailed p) {
                LOG.warn("batch {} could not be polled; it stays checkpointed: {}", entry.batchId(), e.getMessage());
                takeCalls(entry).forEach(c -> fail(c, pollsFailed(c, entry, p.last)));
            } else {
                LOG.warn("batch {} could not be read: {}", entry.batchId(), e.getMessage());
                takeCalls(entry).forEach(c -> fail(c, e));
            }
        }
    }

    /**
     * Whether the server says it has no such batch or file any more (deleted, expired, or kept by
     * another project than the key's): waiting for the batch would wait forever.
     */
    private static boolean gone(RuntimeException e) {
        return e instanceof ModelNotFoundException || e instanceof InvalidRequestException;
    }

    /**
     * Gives up a batch the server no longer gives back: checkpointed as lost with the server's reason,
     * never polled again, and its requests go into the next wave (the waiting ones now, the others
     * when they are asked again), each within its attempts.
     */
    private void giveUp(BatchEntry entry, RuntimeException e) {
        checkpoint.append(entry.lost(e.getMessage()));
        List<Call> calls = takeCalls(entry);
        synchronized (lock) {
            entry.customIds().forEach(resumable::remove);
        }
        LOG.warn(
                "batch {} ({} requests) can no longer be read: {}; it is given up and its requests are sent again",
                entry.batchId(),
                entry.customIds().size(),
                e.getMessage());
        for (Call c : calls) {
            if (c.attempts < maxAttempts) {
                retried.incrementAndGet();
                synchronized (lock) {
                    gather(c);
                }
            } else {
                fail(
                        c,
                        new ProviderException(
                                c.model.provider(),
                                c.model.model(),
                                0,
                                null,
                                true,
                                c.model.modelName() + ": request " + c.customId + " was sent in " + c.attempts
                                        + " batches, the last of which (" + entry.batchId()
                                        + ") can no longer be read: " + e.getMessage() + "; rerun to send it again",
                                e));
            }
        }
    }

    /** The last of {@link #MAX_FAILED_POLLS} polls of a batch in a row that failed. */
    private static final class PollsFailed extends RuntimeException {
        private static final long serialVersionUID = 1L;

        @SuppressWarnings("serial") // never serialized: it ends the poll of one batch in this process
        final ProviderException last;

        PollsFailed(ProviderException last) {
            super(last.getMessage(), last);
            this.last = last;
        }
    }

    /** The failure of a request whose batch could not be polled, for now. */
    private ProviderException pollsFailed(Call c, BatchEntry entry, ProviderException last) {
        return new ProviderException(
                c.model.provider(),
                c.model.model(),
                last.status().orElse(0),
                last.requestId().orElse(null),
                true,
                c.model.modelName() + ": batch " + entry.batchId() + " could not be polled " + MAX_FAILED_POLLS
                        + " times in a row (last: " + last.getMessage()
                        + "); it stays checkpointed: rerun to wait for it again",
                last);
    }

    private Map<String, BatchLine> download(BatchApi api, String fileId, String localName) {
        String content = api.content(fileId);
        write(folder.resolve(localName), content);
        return BatchLine.parse(content, fileId);
    }

    /** The calls waiting for a batch, removed from the waiting ones. */
    private List<Call> takeCalls(BatchEntry entry) {
        List<Call> out = new ArrayList<>();
        synchronized (lock) {
            for (String id : entry.customIds()) {
                Call c = waiting.get(id);
                if (c != null && c.batchId.equals(entry.batchId())) {
                    waiting.remove(id);
                    out.add(c);
                }
            }
        }
        return out;
    }

    /** Hands every line of an ended batch to its caller, or the request to the next wave. */
    private void finish(BatchEntry entry, BatchState state, Map<String, BatchLine> lines) {
        // Marked ended before the lines are handed out, so a closed sender never writes after closing;
        // a process killed in between sends the few requests its callers had not stored yet again.
        checkpoint.append(entry.ended());
        List<Call> calls = takeCalls(entry);
        synchronized (lock) {
            // requests of a resumed batch not asked again yet: kept for when they are
            for (String id : entry.customIds()) {
                resumable.remove(id);
                BatchLine l = lines.get(id);
                if (l != null && l.answered() && calls.stream().noneMatch(c -> c.customId.equals(id))) {
                    early.put(id, l);
                }
            }
        }
        for (Call c : calls) {
            BatchLine line = lines.get(c.customId);
            if (line != null && line.answered()) {
                c.line.complete(line);
                continue;
            }
            boolean retryable = line == null ? "expired".equals(state.status()) : line.retryable();
            if (!"failed".equals(state.status()) && retryable && c.attempts < maxAttempts) {
                retried.incrementAndGet();
                synchronized (lock) {
                    gather(c);
                }
            } else {
                fail(c, failure(c, state, line));
            }
        }
        LOG.info(
                "batch {} {}: {} of {} requests answered",
                state.id(),
                state.status(),
                lines.values().stream().filter(BatchLine::answered).count(),
                entry.customIds().size());
    }

    private void fail(Call c, RuntimeException e) {
        failed.incrementAndGet();
        c.line.completeExceptionally(e);
    }

    /** The failure thrown to the caller of a request its batch did not answer. */
    private ProviderException failure(Call c, BatchState state, BatchLine line) {
        String provider = c.model.provider();
        String model = c.model.model();
        String where = c.model.modelName() + ": request " + c.customId + " in batch " + state.id();
        String tries = c.attempts == 1 ? "" : " (sent in " + c.attempts + " batches)";
        if ("failed".equals(state.status())) {
            String why = state.errors().isEmpty() ? "no reason given" : String.join("; ", state.errors());
            return new InvalidRequestException(
                    provider, model, 0, null, Secret.redactAll(where + " failed with its batch: " + why, null), null);
        }
        if (line == null) {
            String message = where + " got no reply: the batch ended " + state.status() + tries
                    + ("expired".equals(state.status())
                            ? " within its 24h completion window; rerun to send it again"
                            : "; rerun to send it again");
            return "expired".equals(state.status())
                    ? new ProviderTimeoutException(provider, model, 0, null, message, null)
                    : new ProviderException(provider, model, 0, null, false, message, null);
        }
        String message = Secret.redactAll(where + " failed: " + line.describe() + tries, null);
        String rid = line.requestId().isEmpty() ? null : line.requestId();
        if (line.status() == 429 || "rate_limit_exceeded".equals(line.errorCode())) {
            return new RateLimitedException(provider, model, rid, false, null, message + "; rerun later to resume");
        }
        if ("batch_expired".equals(line.errorCode())) {
            return new ProviderTimeoutException(provider, model, 0, rid, message + "; rerun to send it again", null);
        }
        if (line.status() >= 400 && line.status() < 500) {
            return new InvalidRequestException(provider, model, line.status(), rid, message, null);
        }
        return new ProviderException(provider, model, line.status(), rid, line.retryable(), message, null);
    }

    private static void write(Path file, String content) {
        try {
            Files.writeString(file, content, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new StoreException(file, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** A request's {@code custom_id}: a hash of the server and the exact body sent. */
    static String customId(String server, ObjectNode body) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            md.update(server.getBytes(StandardCharsets.UTF_8));
            md.update((byte) 0);
            md.update(StrictJson.bytes(body));
            return "raglens-" + HexFormat.of().formatHex(md.digest(), 0, 16);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** Stops gathering and polling and closes the checkpoint; batches still pending stay resumable. */
    @Override
    public void close() {
        closed = true;
        dispatcher.interrupt();
        threads.shutdownNow();
        checkpoint.close();
    }

    @Override
    public String toString() {
        return "OpenAiBatch[folder=" + folder + ", settle=" + settle + ", poll=" + firstPoll + ".." + maxPoll
                + ", maxAttempts=" + maxAttempts + "]";
    }

    /** Configures an {@link OpenAiBatch}; not thread-safe. */
    public static final class Builder {
        private final SetOnce set = new SetOnce();
        private final Path folder;
        private Duration settle = Duration.ofSeconds(10);
        private Duration firstPoll = Duration.ofSeconds(30);
        private Duration maxPoll = Duration.ofMinutes(10);
        private int maxAttempts = 3;
        private Sleeper sleeper = Thread::sleep;

        private Builder(Path folder) {
            this.folder = Objects.requireNonNull(folder, "folder");
        }

        /**
         * How long no new call must arrive before the gathered calls are sent as a batch (default
         * 10 s). Calls that arrive later go into the next batch.
         *
         * @throws IllegalArgumentException if not positive
         */
        public Builder settle(Duration d) {
            this.settle = positive(d, "settle");
            set.record("settle", d);
            return this;
        }

        /**
         * The first pause between status polls and the longest one; each pause doubles up to the
         * longest (defaults 30 s and 10 min).
         *
         * @throws IllegalArgumentException if either is not positive or {@code first > max}
         */
        public Builder pollEvery(Duration first, Duration max) {
            positive(first, "first");
            positive(max, "max");
            if (first.compareTo(max) > 0) {
                throw new IllegalArgumentException("the first poll pause " + first + " exceeds the longest " + max);
            }
            this.firstPoll = first;
            this.maxPoll = max;
            set.record("pollEvery", first + ", " + max);
            return this;
        }

        /**
         * How many batches a request may be sent in when it fails retryably: throttled, a server
         * error, or not run before its batch expired (default 3).
         *
         * @throws IllegalArgumentException if {@code n < 1}
         */
        public Builder maxAttempts(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("maxAttempts must be >= 1, was " + n);
            }
            this.maxAttempts = n;
            set.record("maxAttempts", n);
            return this;
        }

        /** Waits between polls with this instead of sleeping (tests and simulations). */
        Builder sleeper(Sleeper s) {
            this.sleeper = Objects.requireNonNull(s, "sleeper");
            return this;
        }

        private static Duration positive(Duration d, String name) {
            Objects.requireNonNull(d, name);
            if (d.isNegative() || d.isZero()) {
                throw new IllegalArgumentException(name + " must be positive, was " + d);
            }
            return d;
        }

        /**
         * Opens the checkpoint in the folder (creating it) and starts gathering.
         *
         * @throws StoreException when the folder or its checkpoint cannot be opened
         */
        public OpenAiBatch build() {
            return new OpenAiBatch(this);
        }
    }
}
