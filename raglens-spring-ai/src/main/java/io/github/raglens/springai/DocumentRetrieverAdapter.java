package io.github.raglens.springai;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.Retriever;
import java.util.List;
import java.util.Objects;
import org.springframework.ai.rag.Query;
import org.springframework.ai.rag.retrieval.search.DocumentRetriever;

/** A Spring AI document retriever as a raglens retriever: its documents in its order, cut to k. */
final class DocumentRetrieverAdapter implements Retriever {

    private final String name;
    private final DocumentRetriever delegate;

    DocumentRetrieverAdapter(String name, DocumentRetriever delegate) {
        this.name = AdapterArguments.name(name);
        this.delegate = Objects.requireNonNull(delegate, "documentRetriever");
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
        var documents = delegate.retrieve(new Query(query));
        long latency = System.nanoTime() - start;
        var contexts = Documents.toContexts(documents);
        return RetrievalResult.ofContexts(name, query, contexts.subList(0, Math.min(k, contexts.size())), latency);
    }

    @Override
    public String toString() {
        return "Spring AI DocumentRetriever '" + name + "' ("
                + delegate.getClass().getName() + ")";
    }
}
