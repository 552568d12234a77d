package io.github.raglens.eval.answers;

import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.BudgetSpentException;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.error.RagLensException;
import io.github.raglens.error.RateLimitedException;
import io.github.raglens.eval.judge.CallPermits;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Prompts;
import io.github.raglens.eval.judge.RunStopped;
import io.github.raglens.internal.Cell;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.internal.PromptVersion;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.result.AnswerSummary;
import io.github.raglens.result.AnswerSummary.SystemAnswers;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Generates an answer for every (system, question) pair: raglens's own pipelines ({@link
 * PipelineSystem}: a retriever's top {@code k} contexts and an answer grounded in them) and users'
 * own {@link RagSystem}s alike. Every answer is appended to {@code answers.jsonl} as soon as it is
 * known, with everything that made it; a rerun reuses an answer only while that is unchanged, and
 * retries failed ones.
 *
 * <p>Contexts are retrieved on one platform thread per core, in question order, so the first answers
 * are asked for while later pairs are still retrieved; each answer call then runs on a virtual
 * thread, and permits bound the model or system calls in flight. Identical answer requests (the same
 * question, contexts, model and prompt, e.g. two retrievers that returned the same contexts) are
 * sent once in a run and every pair gets the answer. A bad API key, an unknown model, an
 * unreachable server or a spent budget stops the run (the rest is left for a later run).
 * Thread-safe.
 */
public final class AnswerGenerator {

    public static final String SYSTEM = "You answer questions about a set of documents using only the numbered passages"
            + " you are given. Answer in a few plain sentences and do not mention the passages. If the passages"
            + " do not hold the answer, reply exactly: I don't know.";

    /** The answer prompt's temperature. */
    static final double TEMPERATURE = 0;

    /** The answer prompt's output cap, in tokens. */
    static final int MAX_OUTPUT_TOKENS = 512;

    /**
     * The answer prompt's version: a hash of everything its requests send but their inputs (system
     * text, template, temperature, output cap), so any change to one changes it.
     */
    static final String PROMPT_VERSION =
            PromptVersion.of("answer", request("{question}", List.of("{passage 1}", "{passage 2}")));

    private final LlmProvider llm;
    private final int k;
    private final CallPermits permits;

    private AnswerGenerator(LlmProvider llm, int k, CallPermits permits) {
        this.llm = llm;
        this.k = k;
        this.permits = permits;
    }

    /** A generator whose calls wait for the judge session's permits, so both stages share one limit. */
    public static AnswerGenerator sharing(LlmProvider llm, int k, JudgeSession session) {
        return new AnswerGenerator(Objects.requireNonNull(llm, "llm"), k, session.permits());
    }

    /**
     * An answer generator.
     *
     * @param llm the answering model
     * @param k contexts retrieved per question (RAGAS evaluations and raglens default: 5)
     * @param concurrency model calls in flight at most
     * @return the generator
     * @throws IllegalArgumentException if {@code k} or {@code concurrency} is below 1
     */
    public static AnswerGenerator of(LlmProvider llm, int k, int concurrency) {
        Objects.requireNonNull(llm, "llm");
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        if (concurrency < 1) {
            throw new IllegalArgumentException("concurrency must be >= 1, was " + concurrency);
        }
        return new AnswerGenerator(llm, k, new CallPermits(concurrency));
    }

    /**
     * What one generation run did.
     *
     * @param counts the run's counts, as the facade reports them
     * @param current the answers valid for this run's systems and questions, reused or new, ok or
     *     failed; pairs not reached before a stop are missing
     */
    public record Summary(AnswerSummary counts, List<AnswerRecord> current) {
        /** Copies the list. */
        public Summary {
            Objects.requireNonNull(counts, "counts");
            current = List.copyOf(current);
        }
    }

    /**
     * Answers every question with every retriever's contexts: {@link #generate(Path, List, List,
     * Map)} with each retriever in a {@link PipelineSystem} of this generator's model and k.
     */
    public Summary generate(Path answersFile, List<QuestionSample> questions, List<Retriever> retrievers) {
        List<RagSystem> systems = new ArrayList<>();
        retrievers.forEach(r -> systems.add(PipelineSystem.of(r, llm, k)));
        return generate(answersFile, questions, systems, Map.of());
    }

    /**
     * Answers every question with every system. An answer already in the file is reused only when
     * everything that made it is unchanged (see {@link AnswerRecord#provenance()}): for a {@link
     * PipelineSystem} the contexts are retrieved again (cheap, local) and a changed chunking, index,
     * k, model (or its re-pulled weights) or prompt makes a new answer; a user's system is asked again
     * when its origin, its {@linkplain RagSystem#version() version} or the question changed, and on
     * every run when it declares no version. A system call that fails is recorded with its reason;
     * an unreachable server, a refused key or an unknown model stops the run (the rest is left for a
     * later run).
     *
     * @param answersFile the {@code answers.jsonl} to append to
     * @param questions the questions (their ids key the answers)
     * @param systems the systems to compare; names must be distinct
     * @param origins for a user's system, where it lives (its URL or class), by name; a system not
     *     in the map is known by its class name
     * @return what the run did, with the answers that are current for these systems
     */
    public Summary generate(
            Path answersFile,
            List<QuestionSample> questions,
            List<? extends RagSystem> systems,
            Map<String, String> origins) {
        return generate(answersFile, questions, systems, origins, new Listener() {
            @Override
            public void asking(QuestionSample question, List<String> contexts) {}

            @Override
            public void answered(AnswerRecord answer) {}
        });
    }

    /** What a run tells as it goes, on the pair's thread; implementations must be thread-safe. */
    public interface Listener {

        /**
         * A pipeline's pair is retrieved and its answer is about to be asked for: the contexts the
         * answer will be given. Not told for a reused answer, nor for a user's system (its contexts
         * come with its answer).
         */
        void asking(QuestionSample question, List<String> contexts);

        /** A pair's current answer (reused or new, ok or failed), as soon as it is known. */
        void answered(AnswerRecord answer);
    }

    /** As {@link #generate(Path, List, List, Map)}, telling {@code listener} of every pair as it goes. */
    public Summary generate(
            Path answersFile,
            List<QuestionSample> questions,
            List<? extends RagSystem> systems,
            Map<String, String> origins,
            Listener listener) {
        AtomicInteger shared = new AtomicInteger();
        Map<String, PerSystem> perSystem = new LinkedHashMap<>();
        systems.forEach(system -> perSystem.put(system.name(), new PerSystem(system)));
        Map<String, Integer> reasons = new ConcurrentHashMap<>();
        Map<String, AnswerRecord> current = new ConcurrentHashMap<>();
        AtomicReference<String> stop = new AtomicReference<>();
        Run run = new Run(stop, new ConcurrentHashMap<>(), shared);
        int retrievalThreads = Math.max(2, Runtime.getRuntime().availableProcessors());
        // Closed in reverse order: the retrieval pool first, so every pair has submitted its call
        // before the calls are awaited.
        try (JsonlStore<AnswerRecord> store = JsonlStore.builder(answersFile, AnswerRecord.class, AnswerRecord::key)
                        .forceEvery(16)
                        .open();
                ExecutorService calls = Executors.newVirtualThreadPerTaskExecutor();
                ExecutorService retrieval = Executors.newFixedThreadPool(
                        retrievalThreads,
                        Thread.ofPlatform()
                                .name("raglens-retrieval-", 0)
                                .daemon(true)
                                .factory())) {
            for (QuestionSample q : questions) {
                for (RagSystem system : systems) {
                    String origin = origins.getOrDefault(
                            system.name(), system.getClass().getName());
                    PerSystem count = perSystem.get(system.name());
                    // Retrieval is CPU work: on virtual threads it would hold the few carriers until
                    // every pair is retrieved, and no answer call would go out before.
                    retrieval.submit(() -> {
                        if (stop.get() != null) {
                            return;
                        }
                        Prepared prepared = prepare(system, origin, count.served, q);
                        Optional<AnswerRecord> prior = store.get(new Cell(system.name(), q.id()).key());
                        if (prior.isPresent() && prepared.reuses(prior.get())) {
                            count.reused.incrementAndGet();
                            current.put(prior.get().key(), prior.get());
                            listener.answered(prior.get());
                            return;
                        }
                        prepared.contexts().ifPresent(contexts -> listener.asking(q, contexts));
                        calls.submit(() -> {
                            AnswerRecord a = prepared.answer(run);
                            if (a == null) {
                                return;
                            }
                            store.append(a);
                            current.put(a.key(), a);
                            if (a.isOk()) {
                                count.answered.incrementAndGet();
                            } else {
                                count.failed.incrementAndGet();
                                reasons.merge(a.reason(), 1, Integer::sum);
                            }
                            listener.answered(a);
                        });
                    });
                }
            }
        }
        List<SystemAnswers> bySystem =
                perSystem.values().stream().map(PerSystem::summary).toList();
        return new Summary(
                new AnswerSummary(
                        questions.size() * systems.size(),
                        bySystem.stream().mapToInt(SystemAnswers::reused).sum(),
                        bySystem.stream().mapToInt(SystemAnswers::answered).sum(),
                        shared.get(),
                        bySystem.stream().mapToInt(SystemAnswers::failed).sum(),
                        reasons,
                        Optional.ofNullable(stop.get()),
                        bySystem),
                List.copyOf(current.values()));
    }

    /** One system in a run: what answers for it now, and its answers counted as the pairs end. */
    private static final class PerSystem {
        final String system;
        final boolean external;
        final Optional<String> version;
        /** What the answering model's server says it is, asked once a run (empty for a user's system). */
        final Optional<String> served;

        final AtomicInteger reused = new AtomicInteger();
        final AtomicInteger answered = new AtomicInteger();
        final AtomicInteger failed = new AtomicInteger();

        PerSystem(RagSystem system) {
            this.system = system.name();
            this.external = !(system instanceof PipelineSystem);
            if (system instanceof PipelineSystem pipeline) {
                this.version = Optional.of(pipeline.llm().modelName());
                this.served = pipeline.llm().servedModel();
            } else {
                this.version = system.version();
                this.served = Optional.empty();
            }
        }

        SystemAnswers summary() {
            return new SystemAnswers(system, external, version, reused.get(), answered.get(), failed.get());
        }
    }

    /**
     * What the pairs of one run share: why it stopped, if it did; the answer of every request sent,
     * by provenance (which names everything the request holds), so an identical request is sent
     * once; and how many pairs got an answer that way.
     */
    private record Run(
            AtomicReference<String> stop,
            ConcurrentHashMap<String, CompletableFuture<Optional<Reply>>> replies,
            AtomicInteger shared) {}

    /** What the model replied to one answer request: the answer, or the failure's reason. */
    private record Reply(String answer, String reason) {}

    /** One pair ready to answer: what makes its answer, and how to get it. */
    private interface Prepared {
        String provenance();

        /** Whether the answer an earlier run recorded for the pair stands for this one's. */
        default boolean reuses(AnswerRecord prior) {
            return prior.isOk() && prior.provenance().equals(provenance());
        }

        /** The contexts the answer will be given, when the pair's system is a pipeline that retrieved them. */
        default Optional<List<String>> contexts() {
            return Optional.empty();
        }

        /** The answer or the failure to record; null when the run stopped. */
        AnswerRecord answer(Run run);
    }

    private Prepared prepare(RagSystem system, String origin, Optional<String> served, QuestionSample q) {
        if (system instanceof PipelineSystem pipeline) {
            List<RetrievedContext> contexts;
            try {
                contexts = pipeline.contexts(q.question());
            } catch (ProviderUnreachableException | BudgetSpentException e) {
                return failure(system, q, "", e, stop -> stop.compareAndSet(null, e.getMessage()));
            } catch (RagLensException e) {
                return failure(system, q, "", e, stop -> {});
            }
            String provenance = "answer-model=" + pipeline.llm().modelName() + "\nprompt=" + PROMPT_VERSION
                    + "\nk=" + pipeline.k() + "\nquestion=" + hash(List.of(q.question())) + "\ncontexts="
                    + hash(contexts.stream().map(RetrievedContext::text).toList());
            return new Prepared() {
                @Override
                public String provenance() {
                    return provenance;
                }

                @Override
                public boolean reuses(AnswerRecord prior) {
                    return Prepared.super.reuses(prior) && prior.servedBy(served);
                }

                @Override
                public Optional<List<String>> contexts() {
                    return Optional.of(
                            contexts.stream().map(RetrievedContext::text).toList());
                }

                @Override
                public AnswerRecord answer(Run run) {
                    return answerFromContexts(pipeline, q, contexts, provenance, run);
                }
            };
        }
        Optional<String> version = system.version();
        String provenance = "system=" + origin
                + version.map(v -> "\nversion=" + v).orElse("") + "\nquestion=" + hash(List.of(q.question()));
        return new Prepared() {
            @Override
            public String provenance() {
                return provenance;
            }

            /** A system that declares no version may have changed since: its answers are asked anew. */
            @Override
            public boolean reuses(AnswerRecord prior) {
                return version.isPresent() && Prepared.super.reuses(prior);
            }

            @Override
            public AnswerRecord answer(Run run) {
                return askSystem(system, q, provenance, run.stop());
            }
        };
    }

    /** A pair that failed before any answer was asked for: recorded, never reused. */
    private static Prepared failure(
            RagSystem system,
            QuestionSample q,
            String model,
            RagLensException e,
            Consumer<AtomicReference<String>> onStop) {
        return new Prepared() {
            @Override
            public String provenance() {
                return "failed";
            }

            @Override
            public AnswerRecord answer(Run run) {
                AtomicReference<String> stop = run.stop();
                onStop.accept(stop);
                if (stop.get() != null) {
                    return null;
                }
                return record(system.name(), q, List.of(), "", model, e.getMessage(), "", "");
            }
        };
    }

    private AnswerRecord answerFromContexts(
            PipelineSystem pipeline, QuestionSample q, List<RetrievedContext> contexts, String provenance, Run run) {
        CompletableFuture<Optional<Reply>> mine = new CompletableFuture<>();
        CompletableFuture<Optional<Reply>> earlier = run.replies().putIfAbsent(provenance, mine);
        Optional<Reply> reply = Optional.empty();
        if (earlier != null) {
            reply = earlier.join();
            reply.ifPresent(r -> run.shared().incrementAndGet());
        } else {
            try {
                reply = Optional.ofNullable(ask(pipeline.llm(), q, contexts, run.stop()));
            } finally {
                // also when the call threw: a pair waiting on this request must not wait forever
                mine.complete(reply);
            }
        }
        return reply.map(r -> record(
                        pipeline.name(),
                        q,
                        contexts,
                        r.answer(),
                        pipeline.llm().modelName(),
                        r.reason(),
                        provenance,
                        pipeline.llm().servedModel().orElse("")))
                .orElse(null);
    }

    /** Sends one answer request; null when the run stopped before or during it. */
    private Reply ask(
            LlmProvider model, QuestionSample q, List<RetrievedContext> contexts, AtomicReference<String> stop) {
        ChatRequest request = request(
                q.question(), contexts.stream().map(RetrievedContext::text).toList());
        String reason;
        String answer = "";
        if (!acquire()) {
            return null;
        }
        try {
            if (stop.get() != null) {
                return null;
            }
            ChatOutcome outcome = model.chat(request);
            switch (outcome) {
                case ChatOutcome.Completed c -> {
                    answer = c.text().strip();
                    reason = answer.isEmpty() ? "empty-answer" : "";
                }
                case ChatOutcome.Failed f -> reason = f.reason().code();
            }
        } catch (AuthenticationException
                | ModelNotFoundException
                | ProviderUnreachableException
                | BudgetSpentException e) {
            stop.compareAndSet(null, e.getMessage());
            return null;
        } catch (RateLimitedException e) {
            reason = "rate-limited-gave-up";
        } catch (ProviderTimeoutException e) {
            reason = "timeout";
        } catch (ProviderException e) {
            reason = "provider-error";
        } finally {
            permits.release();
        }
        return new Reply(answer, reason);
    }

    private AnswerRecord askSystem(
            RagSystem system, QuestionSample q, String provenance, AtomicReference<String> stop) {
        if (!acquire()) {
            return null;
        }
        try {
            if (stop.get() != null) {
                return null;
            }
            RagAnswer a = system.answer(q.question());
            String answer = a.answer().strip();
            return record(
                    system.name(),
                    q,
                    a.contexts(),
                    answer,
                    system.name(),
                    answer.isEmpty() ? "empty-answer" : "",
                    provenance,
                    "");
        } catch (AuthenticationException | ModelNotFoundException | ProviderUnreachableException e) {
            stop.compareAndSet(null, e.getMessage());
            return null;
        } catch (RagLensException e) {
            return record(system.name(), q, List.of(), "", system.name(), e.getMessage(), provenance, "");
        } finally {
            permits.release();
        }
    }

    /**
     * Waits for a permit, ahead of the judge calls sharing them (they wait for answers); false when the
     * run was stopped (here or by the stage sharing the permits).
     */
    private boolean acquire() {
        try {
            permits.acquireFirst();
            return true;
        } catch (RunStopped e) {
            return false;
        }
    }

    private static AnswerRecord record(
            String system,
            QuestionSample q,
            List<RetrievedContext> contexts,
            String answer,
            String model,
            String reason,
            String provenance,
            String served) {
        boolean ok = reason.isEmpty();
        return new AnswerRecord(
                system,
                q.id(),
                contexts.stream().map(RetrievedContext::id).toList(),
                contexts.stream().map(RetrievedContext::text).toList(),
                ok ? answer : "",
                model,
                ok ? AnswerRecord.OK : AnswerRecord.FAILED,
                reason,
                provenance,
                served);
    }

    /** A short SHA-256 of texts, each length-prefixed so that no two lists hash alike by joining. */
    public static String hash(List<String> texts) {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            for (String t : texts) {
                byte[] b = t.getBytes(StandardCharsets.UTF_8);
                md.update((b.length + ":").getBytes(StandardCharsets.UTF_8));
                md.update(b);
            }
            return HexFormat.of().formatHex(md.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The answering prompt: the numbered passages, then the question. */
    static ChatRequest request(String question, List<String> contexts) {
        String user = "PASSAGES:\n" + Prompts.numbered(contexts) + "\nQUESTION: " + question;
        return ChatRequest.builder()
                .system(SYSTEM)
                .user(user)
                .temperature(TEMPERATURE)
                .maxOutputTokens(MAX_OUTPUT_TOKENS)
                .build();
    }

    /** Reads every record of an answers file (latest per pair); an absent file gives an empty list. */
    public static List<AnswerRecord> read(Path answersFile) {
        if (!Files.exists(answersFile)) {
            return List.of();
        }
        // without the store's lock: a reader must not stop a run that is appending, nor another reader
        return JsonlStore.read(answersFile, AnswerRecord.class, AnswerRecord::key)
                .records();
    }
}
