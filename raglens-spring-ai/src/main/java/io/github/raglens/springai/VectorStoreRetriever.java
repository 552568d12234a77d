package io.github.raglens.springai;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.Retriever;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.vectorstore.SearchRequest;
import org.springframework.ai.vectorstore.VectorStore;

/** A Spring AI vector store as a raglens retriever: a similarity search for exactly k documents. */
final class VectorStoreRetriever implements Retriever {

    private final String name;
    private final VectorStore store;

    VectorStoreRetriever(String name, VectorStore store) {
        this.name = AdapterArguments.name(name);
        this.store = Objects.requireNonNull(store, "vectorStore");
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
        var documents = store.similaritySearch(SearchRequest.builder()
                .query(query)
                .topK(k)
                .similarityThresholdAll()
                .build());
        long latency = System.nanoTime() - start;
        return RetrievalResult.ofContexts(name, query, Documents.toContexts(documents), latency);
    }

    @Override
    public String toString() {
        return "Spring AI VectorStore '" + name + "' (" + store.getClass().getName() + ")";
    }
}
