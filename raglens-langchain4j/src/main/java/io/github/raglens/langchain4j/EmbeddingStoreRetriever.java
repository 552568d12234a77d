package io.github.raglens.langchain4j;

import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.model.embedding.request.EmbeddingInputType;
import dev.langchain4j.model.embedding.request.EmbeddingRequest;
import dev.langchain4j.model.embedding.request.EmbeddingRequestParameters;
import dev.langchain4j.store.embedding.EmbeddingMatch;
import dev.langchain4j.store.embedding.EmbeddingSearchRequest;
import dev.langchain4j.store.embedding.EmbeddingStore;
import io.github.raglens.error.RagLensException;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A LangChain4j embedding store searched with a LangChain4j embedding model: the query is embedded
 * as a query ({@link EmbeddingInputType#QUERY}, for models that take an input type; others get {@code embed(query)}), the store asked for exactly k matches.
 */
final class EmbeddingStoreRetriever implements Retriever {

    private final String name;
    private final EmbeddingStore<TextSegment> store;
    private final EmbeddingModel model;

    EmbeddingStoreRetriever(String name, EmbeddingStore<TextSegment> store, EmbeddingModel model) {
        this.name = AdapterArguments.name(name);
        this.store = Objects.requireNonNull(store, "embeddingStore");
        this.model = Objects.requireNonNull(model, "embeddingModel");
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        AdapterArguments.k(k);
        if (query.isBlank()) {
            return new RetrievalResult(name, query, List.of(), 0);
        }
        long start = System.nanoTime();
        Embedding embedding = embedQuery(query);
        var matches = store.search(EmbeddingSearchRequest.builder()
                        .queryEmbedding(embedding)
                        .query(query)
                        .maxResults(k)
                        .build())
                .matches();
        long latency = System.nanoTime() - start;
        List<RetrievedContext> contexts = new ArrayList<>(matches.size());
        for (EmbeddingMatch<TextSegment> match : matches) {
            TextSegment segment = match.embedded();
            if (segment == null) {
                throw new RagLensException("the embedding store of retriever '" + name + "' returned match "
                        + match.embeddingId() + " without its text segment; raglens grades the retrieved texts,"
                        + " so add the segments together with their embeddings (store.add(embedding, segment))");
            }
            if (!segment.text().isEmpty()) {
                contexts.add(Contents.toContext(segment, Objects.toString(match.embeddingId(), ""), match.score()));
            }
        }
        return RetrievalResult.ofContexts(name, query, contexts, latency);
    }

    /** The query's embedding, marked as a query for models that take an input type. */
    private Embedding embedQuery(String query) {
        if (!model.supportedParameters().contains(EmbeddingRequestParameters.INPUT_TYPE)) {
            return model.embed(query).content();
        }
        return model.embed(EmbeddingRequest.builder()
                        .input(query)
                        .inputType(EmbeddingInputType.QUERY)
                        .build())
                .embeddings()
                .get(0);
    }

    @Override
    public String toString() {
        return "LangChain4j EmbeddingStore '" + name + "' (" + store.getClass().getName() + ")";
    }
}
