package io.github.raglens.eval.judge;

import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.BudgetSpentException;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.error.RateLimitedException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.JsonlStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Generates an answer for every (retriever, question): retrieves the top {@code k} contexts and asks
 * the model for an answer grounded in them. Every answer is appended to {@code answers.jsonl} as
 * soon as it is known; a rerun skips answered pairs and retries failed ones.
 *
 * <p>Each pair runs on a virtual thread; a semaphore bounds the model calls in flight. A bad API key
 * or unknown model, or a spent budget, stops the run (the rest is left for a later run). Thread-safe.
 */
public final class AnswerGenerator {

    static final String SYSTEM = "You answer questions about a set of documents using only the numbered passages"
            + " you are given. Answer in a few plain sentences and do not mention the passages. If the passages"
            + " do not hold the answer, reply exactly: I don't know.";

    private final LlmProvider llm;
    private final int k;
    private final Semaphore permits;

    private AnswerGenerator(LlmProvider llm, int k, int concurrency) {
        this.llm = llm;
        this.k = k;
        this.permits = new Semaphore(concurrency, true);
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
        return new AnswerGenerator(llm, k, concurrency);
    }

    /**
     * What one generation run did.
     *
     * @param pairs (retriever, question) pairs in the plan
     * @param alreadyAnswered pairs answered by an earlier run
     * @param answered pairs answered now
     * @param failed pairs that failed now, with their reasons in {@code answers.jsonl}
     * @param failuresByReason failures per reason
     * @param stopReason why the run stopped early, if it did
     */
    public record Summary(
            int pairs,
            int alreadyAnswered,
            int answered,
            int failed,
            Map<String, Integer> failuresByReason,
            Optional<String> stopReason) {
        /** Copies the map. */
        public Summary {
            failuresByReason = Map.copyOf(failuresByReason);
        }
    }

    /**
     * Answers every question with every retriever's contexts.
     *
     * @param answersFile the {@code answers.jsonl} to append to
     * @param questions the questions (their ids key the answers)
     * @param retrievers the retrievers to compare
     * @return what the run did
     */
    public Summary generate(Path answersFile, List<QuestionSample> questions, List<Retriever> retrievers) {
        AtomicInteger answered = new AtomicInteger();
        AtomicInteger failed = new AtomicInteger();
        Map<String, Integer> reasons = new ConcurrentHashMap<>();
        AtomicReference<String> stop = new AtomicReference<>();
        int already = 0;
        try (JsonlStore<AnswerRecord> store = JsonlStore.builder(answersFile, AnswerRecord.class, AnswerRecord::key)
                        .forceEvery(16)
                        .open();
                ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            for (QuestionSample q : questions) {
                for (Retriever r : retrievers) {
                    Optional<AnswerRecord> prior = store.get(AnswerRecord.key(r.name(), q.id()));
                    if (prior.isPresent() && prior.get().isOk()) {
                        already++;
                        continue;
                    }
                    ex.submit(() -> {
                        if (stop.get() != null) {
                            return;
                        }
                        AnswerRecord a = answer(r, q, stop);
                        if (a == null) {
                            return;
                        }
                        store.append(a);
                        if (a.isOk()) {
                            answered.incrementAndGet();
                        } else {
                            failed.incrementAndGet();
                            reasons.merge(a.reason(), 1, Integer::sum);
                        }
                    });
                }
            }
        }
        return new Summary(
                questions.size() * retrievers.size(),
                already,
                answered.get(),
                failed.get(),
                reasons,
                Optional.ofNullable(stop.get()));
    }

    private AnswerRecord answer(Retriever r, QuestionSample q, AtomicReference<String> stop) {
        RetrievalResult result;
        try {
            result = r.retrieve(q.question(), k);
        } catch (BudgetSpentException e) {
            stop.compareAndSet(null, e.getMessage());
            return null;
        }
        List<String> ids = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (RetrievedChunk hit : result.hits()) {
            ids.add(hit.chunk().id());
            texts.add(hit.contextText());
        }
        ChatRequest request = request(q.question(), texts);
        String reason;
        String answer = "";
        try {
            permits.acquire();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
        try {
            if (stop.get() != null) {
                return null;
            }
            ChatOutcome outcome = llm.chat(request);
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
        return new AnswerRecord(
                r.name(),
                q.id(),
                ids,
                texts,
                reason.isEmpty() ? answer : "",
                llm.modelName(),
                reason.isEmpty() ? AnswerRecord.OK : AnswerRecord.FAILED,
                reason);
    }

    /** The answering prompt: the numbered passages, then the question. */
    static ChatRequest request(String question, List<String> contexts) {
        String user = "PASSAGES:\n" + Prompts.numbered(contexts) + "\nQUESTION: " + question;
        return ChatRequest.builder()
                .system(SYSTEM)
                .user(user)
                .temperature(0)
                .maxOutputTokens(512)
                .build();
    }

    /** Reads every record of an answers file (latest per pair); an absent file gives an empty list. */
    public static List<AnswerRecord> read(Path answersFile) {
        if (!Files.exists(answersFile)) {
            return List.of();
        }
        try (JsonlStore<AnswerRecord> store = JsonlStore.open(answersFile, AnswerRecord.class, AnswerRecord::key)) {
            return store.records();
        }
    }
}
