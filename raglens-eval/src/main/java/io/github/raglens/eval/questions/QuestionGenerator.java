package io.github.raglens.eval.questions;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.eval.evidence.Evidence;
import io.github.raglens.eval.evidence.EvidenceIndex;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.eval.sampling.StratifiedSampler;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.result.QuestionRun;
import io.github.raglens.result.QuestionRun.Draw;
import io.github.raglens.spi.LlmProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generates one ground-truth question per chunk through any {@link LlmProvider}.
 *
 * <p>Each chunk gets one request with a JSON schema ({@code status}, {@code question}, {@code
 * answer}, {@code evidence}). A reply is checked: the evidence must occur in the chunk (as {@link
 * Evidence} normalises quotes and texts), must identify it in the corpus by the {@link
 * Builder#evidenceRule(EvidenceRule) evidence rule} (a sentence long, in no more than a few chunks),
 * and the question must not point at the passage ("according to the text", "in this section", …).
 * Each kind of problem is retried once, in the same conversation with the problem named; a second
 * failure records the chunk as {@code failed} with the reason, except evidence that still does not
 * identify the passage, which records it as {@code skip} with the reason (the passage may hold no
 * sentence of its own). Chunks the model finds too thin answer {@code skip}; chunks shorter than
 * {@link Builder#minChunkChars(int)} are skipped without a call.
 *
 * <p>Every outcome is appended to {@code questions.jsonl} as soon as it is known, so a run that is
 * killed loses at most the chunks in flight; a rerun skips every settled chunk id and asks only the
 * rest (and chunks that failed on a provider error). Requests run on virtual threads, at most
 * {@link Builder#concurrency(int)} at once; the provider enforces its own rate limits.
 *
 * <p>Immutable and thread-safe; {@link #generate} may be called repeatedly (not concurrently on the
 * same file, which the store's lock refuses).
 */
public final class QuestionGenerator {

    private static final Logger LOG = LoggerFactory.getLogger(QuestionGenerator.class);

    /** Name of the questions file in a workspace. */
    public static final String FILE_NAME = "questions.jsonl";

    private final LlmProvider llm;
    private final int concurrency;
    private final int minChunkChars;
    private final long seed;
    private final EvidenceRule evidenceRule;

    private QuestionGenerator(Builder b) {
        this.llm = b.llm;
        this.concurrency = b.concurrency;
        this.minChunkChars = b.minChunkChars;
        this.seed = b.seed;
        this.evidenceRule = b.evidenceRule;
    }

    /**
     * Starts a generator for the model.
     *
     * @param llm the model that writes the questions
     * @return a builder with defaults: concurrency 4, minimum chunk length 40 characters, seed 42,
     *     evidence by {@link EvidenceRule#defaults()}
     */
    public static Builder builder(LlmProvider llm) {
        return new Builder(llm);
    }

    /** The prompt version recorded with the questions. */
    public static String promptVersion() {
        return QuestionPrompt.VERSION;
    }

    /**
     * Generates questions for the chunks that {@code questions.jsonl} does not settle yet.
     *
     * @param chunks the corpus chunks, in the order to ask about them; a question's evidence must
     *     identify its chunk among them
     * @param questionsFile the {@code questions.jsonl} to append to (created when absent)
     * @param limit ask about at most this many of the chunks not settled yet ({@code
     *     Integer.MAX_VALUE} for all); when fewer than those, they are drawn across the documents in
     *     proportion to each one's unsettled chunks ({@link StratifiedSampler} with the generator's
     *     seed: a rerun with the same limit draws the next ones), not taken in file order, and the
     *     run's {@link QuestionRun#draw()} says so
     * @param progress receives each settled chunk
     * @return what the run did
     * @throws ProviderException if the provider refuses every request (authentication, unknown model,
     *     invalid request); outcomes written before stay in the file
     * @throws io.github.raglens.error.StoreException if the file is locked by another run or cannot be
     *     written
     * @throws IllegalArgumentException if {@code limit < 0}
     */
    public QuestionRun generate(List<Chunk> chunks, Path questionsFile, int limit, QuestionProgress progress) {
        Objects.requireNonNull(chunks, "chunks");
        Objects.requireNonNull(questionsFile, "questionsFile");
        Objects.requireNonNull(progress, "progress");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(questionsFile, QuestionSample.class, QuestionSample::sourceChunkId)) {
            List<Chunk> unsettled = new ArrayList<>();
            for (Chunk c : chunks) {
                Optional<QuestionSample> existing = store.get(c.id());
                if (existing.isEmpty() || !existing.get().isSettled()) {
                    unsettled.add(c);
                }
            }
            List<Chunk> pending = unsettled.size() <= limit
                    ? unsettled
                    : StratifiedSampler.withSeed(seed).sample(unsettled, limit, Chunk::id, Chunk::documentId);
            Draw draw = new Draw(pending.size(), unsettled.size(), documents(pending), documents(unsettled), seed);
            return run(pending, chunks.size() - unsettled.size(), draw, store, progress, EvidenceIndex.of(chunks));
        }
    }

    private static int documents(List<Chunk> chunks) {
        return (int) chunks.stream().map(Chunk::documentId).distinct().count();
    }

    private QuestionRun run(
            List<Chunk> pending,
            int alreadyDone,
            Draw draw,
            JsonlStore<QuestionSample> store,
            QuestionProgress progress,
            EvidenceIndex corpus) {
        AtomicInteger done = new AtomicInteger();
        AtomicInteger succeeded = new AtomicInteger();
        AtomicInteger skipped = new AtomicInteger();
        AtomicLong calls = new AtomicLong();
        Map<String, String> failures = new ConcurrentHashMap<>();
        Semaphore permits = new Semaphore(concurrency);
        int total = pending.size();
        List<Future<?>> futures = new ArrayList<>(total);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Chunk chunk : pending) {
                futures.add(pool.submit(() -> {
                    permits.acquire();
                    try {
                        QuestionSample record = ask(chunk, corpus, calls);
                        synchronized (progress) {
                            store.append(record);
                            switch (record.status()) {
                                case SUCCESS -> succeeded.incrementAndGet();
                                case SKIP -> skipped.incrementAndGet();
                                default -> failures.put(chunk.id(), record.reason());
                            }
                            progress.chunkDone(done.incrementAndGet(), total, record);
                        }
                    } finally {
                        permits.release();
                    }
                    return null;
                }));
            }
            try {
                for (Future<?> f : futures) {
                    f.get();
                }
            } catch (InterruptedException e) {
                futures.forEach(f -> f.cancel(true));
                Thread.currentThread().interrupt();
                throw new IllegalStateException("question generation was interrupted; rerun to resume", e);
            } catch (ExecutionException e) {
                futures.forEach(f -> f.cancel(true));
                if (e.getCause() instanceof RuntimeException re) {
                    throw re;
                }
                throw new IllegalStateException(e.getCause());
            }
        }
        return new QuestionRun(
                total + alreadyDone,
                alreadyDone,
                succeeded.get(),
                skipped.get(),
                failures.size(),
                calls.get(),
                failures,
                draw);
    }

    /** Asks about one chunk of the corpus, with at most one retry per kind of problem. */
    private QuestionSample ask(Chunk chunk, EvidenceIndex corpus, AtomicLong calls) {
        int chars = chunk.text().strip().length();
        if (chars < minChunkChars) {
            return skip(chunk, "chunk has " + chars + " characters of text, fewer than " + minChunkChars);
        }
        List<ChatMessage> messages = new ArrayList<>();
        messages.add(ChatMessage.system(QuestionPrompt.SYSTEM));
        messages.add(ChatMessage.user(QuestionPrompt.user(chunk)));
        boolean evidenceRetried = false;
        boolean ambiguousRetried = false;
        boolean bannedRetried = false;
        boolean invalidRetried = false;
        while (true) {
            ChatOutcome outcome;
            try {
                calls.incrementAndGet();
                outcome = llm.chat(QuestionPrompt.request(messages, seed));
            } catch (ProviderException e) {
                if (!e.isRetryable() || e instanceof ProviderUnreachableException) {
                    throw e;
                }
                LOG.warn("question for chunk {} failed: {}", chunk.id(), e.getMessage());
                return failed(chunk, "provider error: " + e.getMessage(), true);
            }
            String text;
            switch (outcome) {
                case ChatOutcome.Failed f -> {
                    if (invalidRetried) {
                        return failed(chunk, "unusable reply (" + f.reason().code() + "): " + f.detail(), false);
                    }
                    invalidRetried = true;
                    messages.add(ChatMessage.user(
                            QuestionPrompt.invalidRetry(f.reason().code())));
                    continue;
                }
                case ChatOutcome.Completed c -> text = c.text();
            }
            Reply reply;
            try {
                reply = Reply.parse(text);
            } catch (IllegalArgumentException e) {
                if (invalidRetried) {
                    return failed(chunk, "unusable reply: " + e.getMessage(), false);
                }
                invalidRetried = true;
                messages.add(ChatMessage.assistant(text));
                messages.add(ChatMessage.user(QuestionPrompt.invalidRetry(e.getMessage())));
                continue;
            }
            if (reply.skip()) {
                return skip(chunk, "the model found the chunk too thin to ask about");
            }
            if (!Evidence.occursIn(reply.evidence(), chunk.text())) {
                if (evidenceRetried) {
                    return failed(
                            chunk,
                            "evidence not found verbatim in the chunk: \"" + excerpt(reply.evidence()) + "\"",
                            false);
                }
                evidenceRetried = true;
                messages.add(ChatMessage.assistant(text));
                messages.add(ChatMessage.user(QuestionPrompt.evidenceRetry(reply.evidence())));
                continue;
            }
            EvidenceRule.Check check = evidenceRule.check(reply.evidence(), corpus);
            if (check.problem().isPresent()) {
                if (ambiguousRetried) {
                    return skip(
                            chunk,
                            "evidence does not identify the passage (" + check.describe() + "): \""
                                    + excerpt(reply.evidence()) + "\"");
                }
                ambiguousRetried = true;
                messages.add(ChatMessage.assistant(text));
                messages.add(ChatMessage.user(QuestionPrompt.ambiguousRetry(reply.evidence(), check.describe())));
                continue;
            }
            Optional<String> banned = QuestionPrompt.bannedPhrase(reply.question());
            if (banned.isPresent()) {
                if (bannedRetried) {
                    return failed(
                            chunk,
                            "question still contains the phrase \"" + banned.get() + "\": \""
                                    + excerpt(reply.question()) + "\"",
                            false);
                }
                bannedRetried = true;
                messages.add(ChatMessage.assistant(text));
                messages.add(ChatMessage.user(QuestionPrompt.bannedRetry(banned.get())));
                continue;
            }
            return new QuestionSample(
                    questionId(chunk.documentId(), Evidence.normalize(reply.evidence())),
                    reply.question().strip(),
                    reply.answer().strip(),
                    reply.evidence().strip(),
                    chunk.id(),
                    chunk.documentId(),
                    chunk.sectionId(),
                    QuestionStatus.SUCCESS,
                    "",
                    false,
                    llm.modelName());
        }
    }

    private QuestionSample skip(Chunk chunk, String reason) {
        return new QuestionSample(
                questionId(chunk.documentId(), "chunk:" + chunk.id()),
                "",
                "",
                "",
                chunk.id(),
                chunk.documentId(),
                chunk.sectionId(),
                QuestionStatus.SKIP,
                reason,
                false,
                llm.modelName());
    }

    private QuestionSample failed(Chunk chunk, String reason, boolean retryable) {
        return new QuestionSample(
                questionId(chunk.documentId(), "chunk:" + chunk.id()),
                "",
                "",
                "",
                chunk.id(),
                chunk.documentId(),
                chunk.sectionId(),
                QuestionStatus.FAILED,
                reason,
                retryable,
                llm.modelName());
    }

    private static String excerpt(String s) {
        String n = Evidence.normalize(s);
        return n.length() <= 120 ? n : n.substring(0, 117) + "...";
    }

    /** A stable id: {@code q-} and 16 hex digits of SHA-256 over the document id and the key. */
    static String questionId(String documentId, String key) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(documentId.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) '\n');
            sha.update(key.getBytes(StandardCharsets.UTF_8));
            return "q-" + HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The model's reply. */
    record Reply(boolean skip, String question, String answer, String evidence) {

        static Reply parse(String text) {
            JsonNode node;
            try {
                node = Json.reader().readTree(text);
            } catch (java.io.IOException e) {
                throw new IllegalArgumentException("not JSON");
            }
            if (node == null || !node.isObject()) {
                throw new IllegalArgumentException("not a JSON object");
            }
            String status = node.path("status").asText("");
            if (status.equals("skip")) {
                return new Reply(true, "", "", "");
            }
            if (!status.equals("success")) {
                throw new IllegalArgumentException("status must be success or skip, was '" + status + "'");
            }
            String question = node.path("question").asText("");
            String answer = node.path("answer").asText("");
            String evidence = node.path("evidence").asText("");
            if (question.isBlank() || answer.isBlank() || evidence.isBlank()) {
                throw new IllegalArgumentException("question, answer and evidence must not be empty on success");
            }
            return new Reply(false, question, answer, evidence);
        }
    }

    @Override
    public String toString() {
        return "QuestionGenerator{llm=" + llm.modelName() + ", concurrency=" + concurrency + ", minChunkChars="
                + minChunkChars + ", seed=" + seed + ", evidence=" + evidenceRule + ", prompt=" + QuestionPrompt.VERSION
                + "}";
    }

    /** Configures a {@link QuestionGenerator}; not thread-safe. */
    public static final class Builder {
        private final LlmProvider llm;
        private int concurrency = 4;
        private int minChunkChars = 40;
        private long seed = 42;
        private EvidenceRule evidenceRule = EvidenceRule.defaults();

        private Builder(LlmProvider llm) {
            this.llm = Objects.requireNonNull(llm, "llm");
        }

        /**
         * How many requests may be in flight at once (default 4).
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

        /**
         * Chunks with fewer characters of text are skipped without asking the model (default 40).
         *
         * @throws IllegalArgumentException if {@code n < 0}
         */
        public Builder minChunkChars(int n) {
            if (n < 0) {
                throw new IllegalArgumentException("minChunkChars must be >= 0, was " + n);
            }
            this.minChunkChars = n;
            return this;
        }

        /**
         * When a reply's evidence identifies its chunk (default {@link EvidenceRule#defaults()}: at
         * least 6 words, in at most 3 chunks of the corpus); its {@code keepAmbiguous} plays no part
         * here.
         */
        public Builder evidenceRule(EvidenceRule rule) {
            this.evidenceRule = Objects.requireNonNull(rule, "rule");
            return this;
        }

        /** The sampling seed sent with every request (default 42). */
        public Builder seed(long seed) {
            this.seed = seed;
            return this;
        }

        /** Builds the generator. */
        public QuestionGenerator build() {
            return new QuestionGenerator(this);
        }
    }
}
