package io.github.raglens.langchain4j;

import dev.langchain4j.rag.content.retriever.ContentRetriever;
import dev.langchain4j.rag.query.Query;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.spi.AdapterArguments;
import io.github.raglens.spi.Retriever;
import java.util.List;
import java.util.Objects;

/** A LangChain4j content retriever as a raglens retriever: its contents in its order, cut to k. */
final class ContentRetrieverAdapter implements Retriever {

    private final String name;
    private final ContentRetriever delegate;

    ContentRetrieverAdapter(String name, ContentRetriever delegate) {
        this.name = AdapterArguments.name(name);
        this.delegate = Objects.requireNonNull(delegate, "contentRetriever");
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
        var contents = delegate.retrieve(Query.from(query));
        long latency = System.nanoTime() - start;
        var contexts = Contents.toContexts(contents);
        return RetrievalResult.ofContexts(name, query, contexts.subList(0, Math.min(k, contexts.size())), latency);
    }

    @Override
    public String toString() {
        return "LangChain4j ContentRetriever '" + name + "' ("
                + delegate.getClass().getName() + ")";
    }
}
