package io.github.raglens.solr;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import java.util.Set;

/** BM25 over the collection's text field, scored by Solr with collection-wide statistics. Named {@code bm25}. */
final class SolrBm25Retriever implements Retriever {

    private final SolrIndex index;
    private final Set<String> excludedTitles;

    SolrBm25Retriever(SolrIndex index, Set<String> excludedTitles) {
        this.index = index;
        this.excludedTitles = excludedTitles;
    }

    @Override
    public String name() {
        return RetrieverKind.BM25.label();
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        return SolrRanking.retrieve(
                name(),
                query,
                k,
                excludedTitles,
                (q, depth) -> SolrRanking.of(index.searchBm25(q, depth, excludedTitles), depth));
    }

    @Override
    public String toString() {
        return "SolrBm25Retriever[" + index.collection() + "]";
    }
}
