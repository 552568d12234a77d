package io.github.raglens.retrieval;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.util.List;
import java.util.Objects;

/**
 * Ranks chunks by cosine similarity between the query's embedding and the chunk vectors, through the
 * index's HNSW graph or, with {@link Builder#exact(boolean)}, by comparing with every vector. Named
 * {@code dense}. Hit scores are cosine similarities.
 *
 * <p>Thread-safe when the provider is. A blank query, a query of only stop words (by the index's
 * analyzer) and an empty index give an empty result without calling the provider. The result's
 * latency excludes the query embedding.
 */
public final class DenseRetriever implements Retriever {

    private final LuceneIndex index;
    private final EmbeddingProvider provider;
    private final boolean exact;
    private final RetrievalConfig config;
    private final ChunkFilter filter;

    private DenseRetriever(Builder b) {
        this.index = b.index;
        this.provider = b.provider;
        this.exact = b.exact;
        this.config = b.config;
        this.filter = new ChunkFilter(this.config);
    }

    /** An HNSW retriever with the default {@link RetrievalConfig}. */
    public static DenseRetriever of(LuceneIndex index, EmbeddingProvider provider) {
        return builder(index, provider).build();
    }

    /** Starts configuring a dense retriever. */
    public static Builder builder(LuceneIndex index, EmbeddingProvider provider) {
        return new Builder(index, provider);
    }

    @Override
    public String name() {
        return RetrieverKind.DENSE.label();
    }

    /**
     * {@inheritDoc}
     *
     * @throws io.github.raglens.error.IndexException if the index holds no vectors, or vectors of
     *     another model or dimension than the provider's
     */
    @Override
    public RetrievalResult retrieve(String query, int k) {
        Objects.requireNonNull(query, "query");
        Ranking.checkK(k);
        if (query.isBlank() || index.size() == 0 || !index.hasSearchableTerms(query)) {
            return new RetrievalResult(name(), query, List.of(), 0);
        }
        float[] vector = provider.embedQuery(query);
        String model = provider.modelName();
        index.checkVector(vector, model);
        return Ranking.retrieve(
                name(), query, k, filter, (q, depth) -> index.searchVector(vector, model, depth, exact));
    }

    @Override
    public String toString() {
        return "DenseRetriever[" + provider.modelName() + (exact ? ", exact" : ", hnsw") + ", " + config + "]";
    }

    /** Configures a {@link DenseRetriever}. Defaults: HNSW search, {@link RetrievalConfig#defaults()}. */
    public static final class Builder {
        private final LuceneIndex index;
        private final EmbeddingProvider provider;
        private boolean exact;
        private RetrievalConfig config = RetrievalConfig.defaults();

        private Builder(LuceneIndex index, EmbeddingProvider provider) {
            this.index = Objects.requireNonNull(index, "index");
            this.provider = Objects.requireNonNull(provider, "provider");
        }

        /** Compares the query with every vector instead of searching the HNSW graph. */
        public Builder exact(boolean exact) {
            this.exact = exact;
            return this;
        }

        /** The filtering and over-retrieval. */
        public Builder config(RetrievalConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /** Builds the retriever. */
        public DenseRetriever build() {
            return new DenseRetriever(this);
        }
    }
}
