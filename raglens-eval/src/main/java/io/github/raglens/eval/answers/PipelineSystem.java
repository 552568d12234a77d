package io.github.raglens.eval.answers;

import io.github.raglens.error.RagLensException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * raglens's own RAG pipeline as a {@link RagSystem}: a retriever's top {@code k} contexts, then an
 * answer grounded in them from a chat model (the prompt of {@link AnswerGenerator}). Named after
 * its retriever, so its answers sit in the same rows as the retriever's benchmark.
 *
 * <p>Immutable and thread-safe when the retriever and model are, as their SPIs require.
 */
public final class PipelineSystem implements RagSystem {

    private final Retriever retriever;
    private final LlmProvider llm;
    private final int k;

    private PipelineSystem(Retriever retriever, LlmProvider llm, int k) {
        this.retriever = retriever;
        this.llm = llm;
        this.k = k;
    }

    /**
     * The pipeline of a retriever and an answering model.
     *
     * @param retriever finds the contexts
     * @param llm writes the answer
     * @param k contexts per question (raglens default: 5)
     * @throws IllegalArgumentException if {@code k} is below 1
     */
    public static PipelineSystem of(Retriever retriever, LlmProvider llm, int k) {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(llm, "llm");
        if (k < 1) {
            throw new IllegalArgumentException("k must be >= 1, was " + k);
        }
        return new PipelineSystem(retriever, llm, k);
    }

    @Override
    public String name() {
        return retriever.name();
    }

    /** The retriever. */
    public Retriever retriever() {
        return retriever;
    }

    /** The answering model. */
    public LlmProvider llm() {
        return llm;
    }

    /** Contexts per question. */
    public int k() {
        return k;
    }

    /**
     * {@inheritDoc}
     *
     * @throws RagLensException when the model gives no answer (the message names the model and why)
     */
    @Override
    public RagAnswer answer(String question) {
        List<RetrievedContext> contexts = contexts(question);
        ChatOutcome outcome = llm.chat(AnswerGenerator.request(
                question, contexts.stream().map(RetrievedContext::text).toList()));
        return switch (outcome) {
            case ChatOutcome.Completed c -> new RagAnswer(c.text().strip(), contexts);
            case ChatOutcome.Failed f ->
                throw new RagLensException(
                        llm.modelName() + " gave no answer (" + f.reason().code() + "): " + f.detail());
        };
    }

    /** The top {@code k} contexts for a question: each hit's context text, its chunk's id, score and place. */
    List<RetrievedContext> contexts(String question) {
        return retriever.retrieve(question, k).hits().stream()
                .map(PipelineSystem::context)
                .toList();
    }

    private static RetrievedContext context(RetrievedChunk hit) {
        return new RetrievedContext(
                hit.contextText(),
                hit.chunk().id(),
                hit.score(),
                hit.chunk().documentId(),
                hit.chunk().pageStart(),
                Map.of());
    }

    @Override
    public String toString() {
        return "PipelineSystem[retriever=" + retriever.name() + ", llm=" + llm.modelName() + ", k=" + k + "]";
    }
}
