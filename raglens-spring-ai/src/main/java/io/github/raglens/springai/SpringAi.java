package io.github.raglens.springai;

import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import java.util.Objects;
import org.springframework.ai.chat.client.ChatClient;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;
import org.springframework.ai.vectorstore.VectorStore;

/**
 * Adapts Spring AI components to raglens and back.
 *
 * <p>Evaluating an application built on Spring AI takes one line per part:
 *
 * <pre>{@code
 * Retriever mine = SpringAi.retriever("my-store", vectorStore);
 * LlmProvider judge = SpringAi.llm(chatModel);
 * RagSystem app = SpringAi.ragSystem("my-app", chatClient); // built with a RetrievalAugmentationAdvisor
 * }</pre>
 *
 * <p>Every adapter is thread-safe when the adapted Spring AI component is (the ones Spring AI ships
 * are). Null arguments are rejected with a {@link NullPointerException}, blank names with an {@link
 * IllegalArgumentException}.
 */
public final class SpringAi {

    private SpringAi() {}

    /**
     * A vector store as a raglens retriever: each query is a similarity search for exactly {@code
     * k} documents with no similarity threshold; the document id, score, and the {@code file_name}
     * and {@code page_number} metadata are carried over.
     *
     * @param name the retriever's name in files and reports
     * @param store the store
     * @return the raglens retriever
     */
    public static Retriever retriever(String name, VectorStore store) {
        return new VectorStoreRetriever(name, store);
    }

    /**
     * A document retriever (for example a {@code VectorStoreDocumentRetriever}) as a raglens
     * retriever. The documents are ranked in the order returned and cut to {@code k}: the
     * retriever's own {@code topK} bounds what a query can return, so set it to at least the
     * largest k benchmarked.
     *
     * @param name the retriever's name in files and reports
     * @param retriever the Spring AI retriever
     * @return the raglens retriever
     */
    public static Retriever retriever(String name, DocumentRetriever retriever) {
        return new DocumentRetrieverAdapter(name, retriever);
    }

    /**
     * A chat model as a raglens chat model, named {@code spring-ai/} and the model of its default
     * options.
     *
     * @param model the chat model; for the judge its default options must be {@code
     *     StructuredOutputChatOptions} (OpenAI's are)
     * @return the raglens chat model
     * @see #llm(String, ChatModel)
     */
    public static LlmProvider llm(ChatModel model) {
        return new SpringChatLlm(SpringChatLlm.defaultName(model), model::call, model.getDefaultOptions());
    }

    /**
     * A chat model as a raglens chat model. Temperature and the output token cap are sent with
     * every request; a JSON schema as the output schema of a copy of the model's default options,
     * refused with an {@link io.github.raglens.error.InvalidRequestException} when those are not
     * {@code StructuredOutputChatOptions}. The finish reason and token usage are carried over and a
     * schema reply is checked against the schema. Spring AI's failures become raglens {@link
     * io.github.raglens.error.ProviderException}s without the provider's error text (which can
     * quote part of a key). The model's own retry template applies; a requested seed is not sent.
     *
     * @param modelName the name recorded with every score, e.g. {@code openai/gpt-4o-mini}
     * @param model the chat model
     * @return the raglens chat model
     */
    public static LlmProvider llm(String modelName, ChatModel model) {
        return new SpringChatLlm(modelName, model::call, model.getDefaultOptions());
    }

    /**
     * A chat client as a raglens chat model: every request goes through the client and its
     * advisors. A chat client hides its model's options, so requests with a JSON schema are refused
     * (adapt the {@link ChatModel} for the judge); otherwise as {@link #llm(String, ChatModel)}.
     *
     * @param modelName the name recorded with every score
     * @param client the chat client
     * @return the raglens chat model
     */
    public static LlmProvider llm(String modelName, ChatClient client) {
        Objects.requireNonNull(client, "chatClient");
        return new SpringChatLlm(
                modelName, prompt -> client.prompt(prompt).call().chatResponse(), null);
    }

    /**
     * A chat client with a retrieval advisor ({@code RetrievalAugmentationAdvisor} or {@code
     * QuestionAnswerAdvisor}) as a raglens system under test: the question is sent as the user
     * message, the reply's text is the answer and the documents the advisor retrieved are the
     * contexts, read from the advisor context or the response metadata and taken as they are (never
     * retrieved again). A client without such an advisor gives answers without contexts.
     *
     * <p>A system made this way declares no version, so it is asked anew on every run; give one
     * with {@link #ragSystem(String, String, ChatClient)} to reuse its answers while it is unchanged.
     *
     * @param name the system's name in files and reports
     * @param client the chat client; called from many threads
     * @return the raglens system; its {@code answer} throws {@link
     *     io.github.raglens.error.RagLensException} when the client fails or gives no answer
     */
    public static RagSystem ragSystem(String name, ChatClient client) {
        return new ChatClientRagSystem(name, null, client);
    }

    /**
     * As {@link #ragSystem(String, ChatClient)}, for a pipeline that declares its version.
     *
     * @param name the system's name in files and reports
     * @param version what version of the pipeline answers (a release, a commit, a deployment's id):
     *     its recorded answers are reused while it stays the same
     * @param client the chat client; called from many threads
     * @return the raglens system; its {@code answer} throws {@link
     *     io.github.raglens.error.RagLensException} when the client fails or gives no answer
     */
    public static RagSystem ragSystem(String name, String version, ChatClient client) {
        return new ChatClientRagSystem(name, AdapterArguments.version(version), client);
    }

    /**
     * A raglens embedding provider (for example raglens's in-process ONNX models) as a Spring AI
     * embedding model, to fill and search Spring AI vector stores with it. Single texts given to
     * {@code embed(String)} (how vector stores embed a search query) are embedded as queries,
     * documents and batches as passages.
     *
     * @param provider the raglens embedding provider; it stays owned by the caller (not closed)
     * @return the Spring AI embedding model
     */
    public static EmbeddingModel embeddingModel(EmbeddingProvider provider) {
        return new RagLensEmbeddingModel(provider);
    }
}
