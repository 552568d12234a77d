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
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.QuestionGenerationResult;
import io.github.raglens.result.QuestionGenerationResult.Draw;
import io.github.raglens.spi.LlmProvider;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Generates ground-truth questions through any {@link LlmProvider}: one per chunk and {@link
 * Builder#styles(Set) style} (natural alone by default).
 *
 * <p>Styles: {@code natural} asks the standalone question a user would ask; {@code search} a short
 * keyword query; {@code paraphrase} a question worded away from the chunk, asked again once when its
 * {@link LexicalOverlap} with the chunk is above {@link Builder#overlapThreshold(double)} (the second
 * is kept whatever its overlap); {@code persona} a question from one of the corpus's personas ({@link
 * PersonaSet}, derived once by one call and kept in {@code personas.json} beside the questions);
 * {@code multi-hop} a question that needs the chunk and a second chunk of its document ({@link
 * SecondChunks}), with a quote from each, each quote checked as below in its own chunk. Every
 * question records its style, persona, quotes and overlap. Nothing here drops a question for how
 * easily a retriever would find it: the generator never asks a retriever.
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

    /** The overlap above which a paraphrase question is asked again once, by default. */
    public static final double DEFAULT_OVERLAP_THRESHOLD = 0.5;

    /** Tokens a reply is expected to hold, for a dry run's estimate. */
    private static final int REPLY_TOKENS = 150;

    /** Stands for the personas a dry run would derive, so it can measure the persona prompt. */
    private static final PersonaSet PLACEHOLDER_PERSONAS =
            new PersonaSet("", "", "", List.of(new Persona("{persona}", "{who the persona is}")));

    /** Name of the questions file in a workspace. */
    public static final String FILE_NAME = "questions.jsonl";

    private final LlmProvider llm;
    private final int concurrency;
    private final int minChunkChars;
    private final long seed;
    private final EvidenceRule evidenceRule;
    private final Set<QuestionStyle> styles;
    private final double overlapThreshold;

    private QuestionGenerator(Builder b) {
        this.llm = b.llm;
        this.concurrency = b.concurrency;
        this.minChunkChars = b.minChunkChars;
        this.seed = b.seed;
        this.evidenceRule = b.evidenceRule;
        this.styles = Collections.unmodifiableSet(EnumSet.copyOf(b.styles));
        this.overlapThreshold = b.overlapThreshold;
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
     *     run's {@link QuestionGenerationResult#draw()} says so
     * @param progress receives each settled chunk
     * @return what the run did
     * @throws ProviderException if the provider refuses every request (authentication, unknown model,
     *     invalid request); outcomes written before stay in the file
     * @throws io.github.raglens.error.StoreException if the file is locked by another run or cannot be
     *     written
     * @throws IllegalArgumentException if {@code limit < 0}
     */
    public QuestionGenerationResult generate(
            List<Chunk> chunks, Path questionsFile, int limit, QuestionProgress progress) {
        Objects.requireNonNull(chunks, "chunks");
        Objects.requireNonNull(questionsFile, "questionsFile");
        Objects.requireNonNull(progress, "progress");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(questionsFile, QuestionSample.class, QuestionSample::key)) {
            Plan plan = plan(chunks, limit, store::get);
            AtomicLong calls = new AtomicLong();
            PersonaSet personas = styles.contains(QuestionStyle.PERSONA)
                            && !plan.pending().isEmpty()
                    ? PersonaSet.loadOrDerive(personasFile(questionsFile), llm, chunks, seed, calls::incrementAndGet)
                    : null;
            List<Job> jobs = jobs(plan, chunks, personas, store::get);
            int alreadyDone = chunks.size() * styles.size() - plan.unsettledQuestions();
            return run(jobs, alreadyDone, plan.draw(), store, progress, EvidenceIndex.of(chunks), calls);
        }
    }

    /**
     * What {@link #generate} would send for these chunks, without sending anything: one call per
     * question not settled yet (the first ask; a re-ask after a problem is not counted), and one to
     * derive the personas when the persona style needs them and {@code personas.json} does not exist.
     *
     * @param price the model's price
     */
    public CostEstimate estimate(List<Chunk> chunks, Path questionsFile, int limit, TokenPrice price) {
        Objects.requireNonNull(chunks, "chunks");
        Objects.requireNonNull(questionsFile, "questionsFile");
        Objects.requireNonNull(price, "price");
        if (limit < 0) {
            throw new IllegalArgumentException("limit must be >= 0, was " + limit);
        }
        Map<String, QuestionSample> stored = new HashMap<>();
        if (Files.exists(questionsFile)) {
            JsonlStore.read(questionsFile, QuestionSample.class, QuestionSample::key)
                    .records()
                    .forEach(q -> stored.put(q.key(), q));
        }
        Plan plan = plan(chunks, limit, key -> Optional.ofNullable(stored.get(key)));
        long calls = 0;
        long promptChars = 0;
        Path personasFile = personasFile(questionsFile);
        PersonaSet personas = null;
        if (styles.contains(QuestionStyle.PERSONA) && !plan.pending().isEmpty()) {
            if (PersonaSet.needsCall(personasFile)) {
                calls++;
                promptChars += PersonaSet.promptChars(chunks, seed);
                personas = PLACEHOLDER_PERSONAS;
            } else {
                personas = PersonaSet.read(personasFile);
            }
        }
        for (Job job : jobs(plan, chunks, personas, key -> Optional.ofNullable(stored.get(key)))) {
            if (job.skipReason().isEmpty()) {
                calls++;
                promptChars += QuestionPrompt.request(
                                QuestionPrompt.opening(job.style(), job.chunk(), job.second(), job.persona()),
                                QuestionPrompt.schema(job.style()),
                                seed)
                        .allText()
                        .length();
            }
        }
        long prompt = TokenUsage.estimateTokens(promptChars);
        long completion = calls * REPLY_TOKENS;
        return new CostEstimate(calls, prompt, completion, price.cost(new TokenUsage(prompt, completion)));
    }

    /** The personas file beside a questions file. */
    public static Path personasFile(Path questionsFile) {
        return questionsFile.resolveSibling(PersonaSet.FILE_NAME);
    }

    /**
     * The chunks to ask about: those with a question of some style not settled yet, drawn under the
     * limit.
     */
    private Plan plan(List<Chunk> chunks, int limit, Function<String, Optional<QuestionSample>> stored) {
        List<Chunk> unsettled = new ArrayList<>();
        int unsettledQuestions = 0;
        for (Chunk c : chunks) {
            int open = 0;
            for (QuestionStyle style : styles) {
                if (!settled(stored, c, style)) {
                    open++;
                }
            }
            if (open > 0) {
                unsettled.add(c);
                unsettledQuestions += open;
            }
        }
        List<Chunk> pending = unsettled.size() <= limit
                ? unsettled
                : StratifiedSampler.withSeed(seed).sample(unsettled, limit, Chunk::id, Chunk::documentId);
        Draw draw = new Draw(pending.size(), unsettled.size(), documents(pending), documents(unsettled), seed);
        return new Plan(pending, unsettledQuestions, draw);
    }

    private record Plan(List<Chunk> pending, int unsettledQuestions, Draw draw) {}

    /**
     * One question to ask: a chunk in a style, with the second chunk of a multi-hop question and the
     * persona of a persona question.
     *
     * @param skipReason why it is recorded as a skip without a call; empty when it is asked
     */
    private record Job(Chunk chunk, QuestionStyle style, Chunk second, Persona persona, String skipReason) {}

    private static boolean settled(
            Function<String, Optional<QuestionSample>> stored, Chunk chunk, QuestionStyle style) {
        return stored.apply(QuestionSample.key(chunk.id(), style))
                .map(QuestionSample::isSettled)
                .orElse(false);
    }

    /** Every unsettled (chunk, style) question of the pending chunks, in chunk order, then style order. */
    private List<Job> jobs(
            Plan plan, List<Chunk> corpus, PersonaSet personas, Function<String, Optional<QuestionSample>> stored) {
        SecondChunks seconds = styles.contains(QuestionStyle.MULTI_HOP) ? SecondChunks.of(corpus, minChunkChars) : null;
        List<Job> jobs = new ArrayList<>();
        for (Chunk chunk : plan.pending()) {
            for (QuestionStyle style : styles) {
                if (settled(stored, chunk, style)) {
                    continue;
                }
                int chars = chunk.text().strip().length();
                Chunk second = null;
                String skipReason = "";
                if (chars < minChunkChars) {
                    skipReason = "chunk has " + chars + " characters of text, fewer than " + minChunkChars;
                } else if (style.needsSecondChunk()) {
                    Optional<Chunk> found = seconds.of(chunk);
                    if (found.isPresent()) {
                        second = found.get();
                    } else {
                        skipReason = "its document has no other section with a chunk to pair it with";
                    }
                }
                Persona persona = style.needsPersona() ? personas.forChunk(chunk.id(), seed) : null;
                jobs.add(new Job(chunk, style, second, persona, skipReason));
            }
        }
        return jobs;
    }

    private static int documents(List<Chunk> chunks) {
        return (int) chunks.stream().map(Chunk::documentId).distinct().count();
    }

    private QuestionGenerationResult run(
            List<Job> jobs,
            int alreadyDone,
            Draw draw,
            JsonlStore<QuestionSample> store,
            QuestionProgress progress,
            EvidenceIndex corpus,
            AtomicLong calls) {
        AtomicInteger done = new AtomicInteger();
        AtomicInteger succeeded = new AtomicInteger();
        AtomicInteger skipped = new AtomicInteger();
        Map<String, String> failures = new ConcurrentHashMap<>();
        Semaphore permits = new Semaphore(concurrency);
        AtomicBoolean stopped = new AtomicBoolean();
        int total = jobs.size();
        List<Future<?>> futures = new ArrayList<>(total);
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (Job job : jobs) {
                futures.add(pool.submit(() -> {
                    permits.acquire();
                    try {
                        if (stopped.get()) {
                            return null;
                        }
                        QuestionSample record;
                        try {
                            record = ask(job, corpus, calls);
                        } catch (RuntimeException e) {
                            stopped.set(true);
                            throw e;
                        }
                        synchronized (progress) {
                            store.append(record);
                            switch (record.status()) {
                                case SUCCESS -> succeeded.incrementAndGet();
                                case SKIP -> skipped.incrementAndGet();
                                default -> failures.put(record.key(), record.reason());
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
        return new QuestionGenerationResult(
                total + alreadyDone,
                alreadyDone,
                succeeded.get(),
                skipped.get(),
                failures.size(),
                calls.get(),
                failures,
                draw);
    }

    /** Asks one question of the corpus, with at most one retry per kind of problem. */
    private QuestionSample ask(Job job, EvidenceIndex corpus, AtomicLong calls) {
        Chunk chunk = job.chunk();
        QuestionStyle style = job.style();
        if (!job.skipReason().isEmpty()) {
            return skip(job, job.skipReason());
        }
        Chunk second = job.second();
        List<ChatMessage> messages = new ArrayList<>(QuestionPrompt.opening(style, chunk, second, job.persona()));
        ResponseSchema schema = QuestionPrompt.schema(style);
        boolean evidenceRetried = false;
        boolean ambiguousRetried = false;
        boolean bannedRetried = false;
        boolean invalidRetried = false;
        boolean overlapRetried = false;
        while (true) {
            ChatOutcome outcome;
            try {
                calls.incrementAndGet();
                outcome = llm.chat(QuestionPrompt.request(messages, schema, seed));
            } catch (ProviderException e) {
                if (!e.isRetryable() || e instanceof ProviderUnreachableException) {
                    throw e;
                }
                LOG.warn("question for chunk {} ({}) failed: {}", chunk.id(), style, e.getMessage());
                return failed(job, "provider error: " + e.getMessage(), true);
            }
            String text;
            switch (outcome) {
                case ChatOutcome.Failed f -> {
                    if (invalidRetried) {
                        return failed(job, "unusable reply (" + f.reason().code() + "): " + f.detail(), false);
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
                reply = Reply.parse(text, style.needsSecondChunk());
            } catch (IllegalArgumentException e) {
                if (invalidRetried) {
                    return failed(job, "unusable reply: " + e.getMessage(), false);
                }
                invalidRetried = true;
                messages.add(ChatMessage.assistant(text));
                messages.add(ChatMessage.user(QuestionPrompt.invalidRetry(e.getMessage())));
                continue;
            }
            if (reply.skip()) {
                return skip(
                        job,
                        second == null
                                ? "the model found the chunk too thin to ask about"
                                : "the model found nothing to connect between the chunk and " + second.id());
            }
            Optional<String> missing = missingQuote(reply, chunk, second);
            if (missing.isPresent()) {
                if (evidenceRetried) {
                    return failed(job, missing.get(), false);
                }
                evidenceRetried = true;
                messages.add(ChatMessage.assistant(text));
                messages.add(ChatMessage.user(
                        Evidence.occursIn(reply.evidence(), chunk.text())
                                ? QuestionPrompt.secondEvidenceRetry(reply.secondEvidence())
                                : QuestionPrompt.evidenceRetry(reply.evidence())));
                continue;
            }
            Optional<Ambiguity> ambiguity = ambiguity(reply, corpus);
            if (ambiguity.isPresent()) {
                Ambiguity a = ambiguity.get();
                if (ambiguousRetried) {
                    return skip(
                            job,
                            a.which() + " does not identify the passage (" + a.problem() + "): \"" + excerpt(a.quote())
                                    + "\"");
                }
                ambiguousRetried = true;
                messages.add(ChatMessage.assistant(text));
                messages.add(ChatMessage.user(QuestionPrompt.ambiguousRetry(a.quote(), a.problem())));
                continue;
            }
            Optional<String> banned = QuestionPrompt.bannedPhrase(reply.question());
            if (banned.isPresent()) {
                if (bannedRetried) {
                    return failed(
                            job,
                            "question still contains the phrase \"" + banned.get() + "\": \""
                                    + excerpt(reply.question()) + "\"",
                            false);
                }
                bannedRetried = true;
                messages.add(ChatMessage.assistant(text));
                messages.add(ChatMessage.user(QuestionPrompt.bannedRetry(banned.get())));
                continue;
            }
            double overlap = LexicalOverlap.of(
                    reply.question(), second == null ? List.of(chunk.text()) : List.of(chunk.text(), second.text()));
            if (style == QuestionStyle.PARAPHRASE && overlap > overlapThreshold && !overlapRetried) {
                // asked again once; the second question is kept whatever its overlap, which is recorded
                overlapRetried = true;
                messages.add(ChatMessage.assistant(text));
                messages.add(ChatMessage.user(QuestionPrompt.overlapRetry(overlap, overlapThreshold)));
                continue;
            }
            return success(job, reply, overlap);
        }
    }

    /** Why a reply's quote is not in its chunk, or empty when every quote is. */
    private static Optional<String> missingQuote(Reply reply, Chunk chunk, Chunk second) {
        if (!Evidence.occursIn(reply.evidence(), chunk.text())) {
            return Optional.of("evidence not found verbatim in the chunk: \"" + excerpt(reply.evidence()) + "\"");
        }
        if (second != null && !Evidence.occursIn(reply.secondEvidence(), second.text())) {
            return Optional.of("second evidence not found verbatim in chunk " + second.id() + ": \""
                    + excerpt(reply.secondEvidence()) + "\"");
        }
        return Optional.empty();
    }

    /** A quote that does not identify its passage by the evidence rule. */
    private record Ambiguity(String which, String quote, String problem) {}

    private Optional<Ambiguity> ambiguity(Reply reply, EvidenceIndex corpus) {
        List<String> quotes = reply.secondEvidence().isEmpty()
                ? List.of(reply.evidence())
                : List.of(reply.evidence(), reply.secondEvidence());
        for (int i = 0; i < quotes.size(); i++) {
            EvidenceRule.Check check = evidenceRule.check(quotes.get(i), corpus);
            if (check.problem().isPresent()) {
                return Optional.of(
                        new Ambiguity(i == 0 ? "evidence" : "second evidence", quotes.get(i), check.describe()));
            }
        }
        return Optional.empty();
    }

    private QuestionSample success(Job job, Reply reply, double overlap) {
        Chunk chunk = job.chunk();
        String key = Evidence.normalize(reply.evidence());
        if (job.style() != QuestionStyle.NATURAL) {
            // one chunk holds a question of each style, often on the same sentence: the style keeps their ids apart
            key = job.style().label() + "\n" + key
                    + (reply.secondEvidence().isEmpty() ? "" : "\n" + Evidence.normalize(reply.secondEvidence()));
        }
        return new QuestionSample(
                questionId(chunk.documentId(), key),
                reply.question().strip(),
                reply.answer().strip(),
                reply.evidence().strip(),
                chunk.id(),
                chunk.documentId(),
                chunk.sectionId(),
                QuestionStatus.SUCCESS,
                "",
                false,
                llm.modelName(),
                job.style(),
                job.persona() == null ? "" : job.persona().name(),
                job.second() == null ? "" : job.second().id(),
                reply.secondEvidence().strip(),
                OptionalDouble.of(overlap));
    }

    private QuestionSample skip(Job job, String reason) {
        return unanswered(job, QuestionStatus.SKIP, reason, false);
    }

    private QuestionSample failed(Job job, String reason, boolean retryable) {
        return unanswered(job, QuestionStatus.FAILED, reason, retryable);
    }

    private QuestionSample unanswered(Job job, QuestionStatus status, String reason, boolean retryable) {
        Chunk chunk = job.chunk();
        return new QuestionSample(
                questionId(chunk.documentId(), "chunk:" + QuestionSample.key(chunk.id(), job.style())),
                "",
                "",
                "",
                chunk.id(),
                chunk.documentId(),
                chunk.sectionId(),
                status,
                reason,
                retryable,
                llm.modelName(),
                job.style(),
                job.persona() == null ? "" : job.persona().name(),
                job.second() == null ? "" : job.second().id(),
                "",
                OptionalDouble.empty());
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

    /** The model's reply; {@code secondEvidence} is empty unless the style quotes two chunks. */
    record Reply(boolean skip, String question, String answer, String evidence, String secondEvidence) {

        static Reply parse(String text, boolean twoQuotes) {
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
                return new Reply(true, "", "", "", "");
            }
            if (!status.equals("success")) {
                throw new IllegalArgumentException("status must be success or skip, was '" + status + "'");
            }
            String question = node.path("question").asText("");
            String answer = node.path("answer").asText("");
            String evidence = node.path("evidence").asText("");
            String second = twoQuotes ? node.path("second_evidence").asText("") : "";
            if (question.isBlank() || answer.isBlank() || evidence.isBlank()) {
                throw new IllegalArgumentException("question, answer and evidence must not be empty on success");
            }
            if (twoQuotes && second.isBlank()) {
                throw new IllegalArgumentException("second_evidence must not be empty on success");
            }
            return new Reply(false, question, answer, evidence, second);
        }
    }

    @Override
    public String toString() {
        return "QuestionGenerator{llm=" + llm.modelName() + ", concurrency=" + concurrency + ", minChunkChars="
                + minChunkChars + ", seed=" + seed + ", evidence=" + evidenceRule + ", styles=" + styles
                + ", overlapThreshold=" + overlapThreshold + ", prompt=" + QuestionPrompt.VERSION + "}";
    }

    /** Configures a {@link QuestionGenerator}; not thread-safe. */
    public static final class Builder {
        private final LlmProvider llm;
        private int concurrency = 4;
        private int minChunkChars = 40;
        private long seed = 42;
        private EvidenceRule evidenceRule = EvidenceRule.defaults();
        private Set<QuestionStyle> styles = EnumSet.of(QuestionStyle.NATURAL);
        private double overlapThreshold = DEFAULT_OVERLAP_THRESHOLD;

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

        /**
         * The styles each chunk is asked in (default {@code natural} alone): every chunk asked about gets
         * one question of each, so the styles are compared on the same chunks.
         *
         * @throws IllegalArgumentException if {@code styles} is empty
         */
        public Builder styles(Set<QuestionStyle> styles) {
            Objects.requireNonNull(styles, "styles");
            if (styles.isEmpty()) {
                throw new IllegalArgumentException("styles must name at least one style");
            }
            this.styles = EnumSet.copyOf(styles);
            return this;
        }

        /**
         * The lexical overlap ({@link LexicalOverlap}) above which a paraphrase question is asked again
         * once (default {@value #DEFAULT_OVERLAP_THRESHOLD}); the second question is kept whatever its
         * overlap, and every question records its own.
         *
         * @throws IllegalArgumentException unless {@code 0 <= threshold <= 1}
         */
        public Builder overlapThreshold(double threshold) {
            if (!(threshold >= 0 && threshold <= 1)) {
                throw new IllegalArgumentException("overlapThreshold must be in [0, 1], was " + threshold);
            }
            this.overlapThreshold = threshold;
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
