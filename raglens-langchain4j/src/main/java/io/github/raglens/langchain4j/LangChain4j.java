package io.github.raglens.langchain4j;

import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.service.Result;
import dev.langchain4j.store.embedding.EmbeddingStore;
import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import java.util.function.Function;

/**
 * Adapts LangChain4j components to raglens and back.
 *
 * <p>Evaluating an application built on LangChain4j takes one line per part:
 *
 * <pre>{@code
 * Retriever mine = LangChain4j.retriever("my-store", embeddingStore, embeddingModel);
 * LlmProvider judge = LangChain4j.llm(chatModel);
 * RagSystem app = LangChain4j.ragSystem("my-app", assistant::chat); // Result<String> chat(String)
 * }</pre>
 *
 * <p>Every adapter is thread-safe when the adapted LangChain4j component is (the ones LangChain4j
 * ships are). Null arguments are rejected with a {@link NullPointerException}, blank names with an
 * {@link IllegalArgumentException}.
 */
public final class LangChain4j {

    private LangChain4j() {}

    /**
     * A content retriever (for example an {@code EmbeddingStoreContentRetriever}, a web search or
     * a SQL retriever) as a raglens retriever. The contents are ranked in the order returned and
     * cut to {@code k}: the retriever's own {@code maxResults} bounds what a query can return, so
     * set it to at least the largest k benchmarked.
     *
     * @param name the retriever's name in files and reports
     * @param contentRetriever the LangChain4j retriever
     * @return the raglens retriever
     */
    public static Retriever retriever(String name, ContentRetriever contentRetriever) {
        return new ContentRetrieverAdapter(name, contentRetriever);
    }

    /**
     * An embedding store searched with an embedding model as a raglens retriever: each query is
     * embedded as a query and the store is asked for exactly {@code k} matches; the match's
     * embedding id, score, and the segment's {@code file_name} and {@code page_number} metadata
     * are carried over.
     *
     * @param name the retriever's name in files and reports
     * @param store the store, holding text segments with their embeddings
     * @param model the model the store's embeddings were made with
     * @return the raglens retriever
     * @throws io.github.raglens.error.RagLensException from {@code retrieve} when the store returns
     *     a match without its text segment
     */
    public static Retriever retriever(String name, EmbeddingStore<TextSegment> store, EmbeddingModel model) {
        return new EmbeddingStoreRetriever(name, store, model);
    }

    /**
     * A LangChain4j chat model as a raglens chat model, named {@code langchain4j/} and the model's
     * default model name.
     *
     * @param model the chat model; for the judge it must take a JSON-schema response format
     * @return the raglens chat model
     * @see #llm(String, ChatModel)
     */
    public static LlmProvider llm(ChatModel model) {
        return new ChatModelLlm(ChatModelLlm.defaultName(model), model);
    }

    /**
     * A LangChain4j chat model as a raglens chat model. Temperature and the output token cap are
     * sent with every request, a JSON schema as the request's JSON-schema response format; the
     * reply's finish reason and token usage are carried over and a schema reply is checked against
     * the schema. LangChain4j's failures become raglens {@link
     * io.github.raglens.error.ProviderException}s without the provider's error text (which can
     * quote part of a key). The model's own retries apply; a requested seed is not sent (LangChain4j's
     * portable parameters have none).
     *
     * @param modelName the name recorded with every score, e.g. {@code openai/gpt-4o-mini}
     * @param model the chat model
     * @return the raglens chat model
     */
    public static LlmProvider llm(String modelName, ChatModel model) {
        return new ChatModelLlm(modelName, model);
    }

    /**
     * A LangChain4j RAG pipeline as a raglens system under test. Usually the pipeline is an AI
     * service built with a {@code RetrievalAugmentor} (or a {@code contentRetriever}) whose method
     * returns {@code Result<String>}: its content is the answer and its {@code sources()} are the
     * contents the augmentor put into the prompt, taken as they are (never retrieved again). A
     * pipeline of your own can build the {@code Result} itself from its answer and contents.
     *
     * <p>A system made this way declares no version, so it is asked anew on every run; give one
     * with {@link #ragSystem(String, String, Function)} to reuse its answers while it is unchanged.
     *
     * @param name the system's name in files and reports
     * @param pipeline question in, answer and the contents used out; called from many threads
     * @return the raglens system; its {@code answer} throws {@link
     *     io.github.raglens.error.RagLensException} when the pipeline fails or gives no answer
     */
    public static RagSystem ragSystem(String name, Function<String, Result<String>> pipeline) {
        return new AiServiceRagSystem(name, null, pipeline);
    }

    /**
     * As {@link #ragSystem(String, Function)}, for a pipeline that declares its version.
     *
     * @param name the system's name in files and reports
     * @param version what version of the pipeline answers (a release, a commit, a deployment's id):
     *     its recorded answers are reused while it stays the same
     * @param pipeline question in, answer and the contents used out; called from many threads
     * @return the raglens system; its {@code answer} throws {@link
     *     io.github.raglens.error.RagLensException} when the pipeline fails or gives no answer
     */
    public static RagSystem ragSystem(String name, String version, Function<String, Result<String>> pipeline) {
        return new AiServiceRagSystem(name, AdapterArguments.version(version), pipeline);
    }

    /**
     * A raglens embedding provider (for example raglens's in-process ONNX models) as a LangChain4j
     * embedding model, to fill and search LangChain4j stores with it. Queries (requests of input
     * type {@code QUERY}, and single texts given to {@code embed(String)}, which is how LangChain4j's
     * content retriever embeds its query) are embedded as queries, everything else as passages.
     *
     * @param provider the raglens embedding provider; it stays owned by the caller (not closed)
     * @return the LangChain4j embedding model
     */
    public static EmbeddingModel embeddingModel(EmbeddingProvider provider) {
        return new RagLensEmbeddingModel(provider);
    }
}
