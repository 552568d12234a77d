package io.github.raglens.solr;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Retriever;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Cosine similarity between the query's embedding and the chunk vectors through each shard's HNSW
 * graph ({@code {!knn}}); hit scores are cosine similarities. Named {@code dense}. The result's latency
 * excludes the query embedding.
 */
final class SolrDenseRetriever implements Retriever {

    private final SolrIndex index;
    private final EmbeddingProvider provider;
    private final Set<String> excludedTitles;

    SolrDenseRetriever(SolrIndex index, EmbeddingProvider provider, Set<String> excludedTitles) {
        this.index = index;
        this.provider = provider;
        this.excludedTitles = excludedTitles;
    }

    @Override
    public String name() {
        return RetrieverKind.DENSE.label();
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        Objects.requireNonNull(query, "query");
        SolrRanking.checkK(k);
        if (query.isBlank()) {
            return new RetrievalResult(name(), query, List.of(), 0);
        }
        float[] vector = provider.embedQuery(query);
        String model = provider.modelName();
        index.checkVector(vector, model);
        return SolrRanking.retrieve(
                name(),
                query,
                k,
                excludedTitles,
                (q, depth) -> SolrRanking.of(index.searchVector(vector, model, depth, excludedTitles), depth));
    }

    @Override
    public String toString() {
        return "SolrDenseRetriever[" + index.collection() + ", " + provider.modelName() + "]";
    }
}
