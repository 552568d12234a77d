package io.github.raglens.facade.internal;

import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An embedding model that embeds each query once per evaluation: the dense, hybrid and both
 * hierarchical retrievers all embed the same question, and on a busy machine those embeddings are
 * the CPU the answer calls wait behind. Passages go through unchanged. A failed embedding is
 * forgotten, so a later ask tries again. Thread-safe; the vectors handed out are copies.
 */
public final class QueryMemo implements EmbeddingProvider {

    private final EmbeddingProvider delegate;
    private final ConcurrentHashMap<String, CompletableFuture<float[]>> queries = new ConcurrentHashMap<>();

    QueryMemo(EmbeddingProvider delegate) {
        this.delegate = delegate;
    }

    @Override
    public String modelName() {
        return delegate.modelName();
    }

    @Override
    public int dimension() {
        return delegate.dimension();
    }

    @Override
    public String vectorSettings() {
        return delegate.vectorSettings();
    }

    @Override
    public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        if (purpose == EmbeddingPurpose.QUERY && texts.size() == 1) {
            return List.of(embedQuery(texts.get(0)));
        }
        return delegate.embed(texts, purpose);
    }

    @Override
    public float[] embedQuery(String query) {
        CompletableFuture<float[]> mine = new CompletableFuture<>();
        CompletableFuture<float[]> earlier = queries.putIfAbsent(query, mine);
        if (earlier != null) {
            try {
                return earlier.join().clone();
            } catch (CompletionException e) {
                throw e.getCause() instanceof RuntimeException re ? re : e;
            }
        }
        try {
            float[] vector = delegate.embedQuery(query);
            mine.complete(vector);
            return vector.clone();
        } catch (RuntimeException e) {
            queries.remove(query, mine);
            mine.completeExceptionally(e);
            throw e;
        }
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
