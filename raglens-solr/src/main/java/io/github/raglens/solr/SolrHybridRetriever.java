package io.github.raglens.solr;

import io.github.raglens.internal.RankFusion;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Fuses the dense and the BM25 ranking exactly as the in-process {@code hybrid} (min-max, α = 0.5) and
 * {@code hybrid-rrf} (RRF, k = 60) do, each list asked for {@code k × 3} hits.
 */
final class SolrHybridRetriever implements Retriever {

    static final double ALPHA = 0.5;
    static final int RRF_K = 60;

    private final Retriever dense;
    private final Retriever sparse;
    private final boolean rrf;
    private final Set<String> excludedTitles;

    SolrHybridRetriever(Retriever dense, Retriever sparse, boolean rrf, Set<String> excludedTitles) {
        this.dense = dense;
        this.sparse = sparse;
        this.rrf = rrf;
        this.excludedTitles = excludedTitles;
    }

    @Override
    public String name() {
        return (rrf ? RetrieverKind.HYBRID_RRF : RetrieverKind.HYBRID).label();
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        return SolrRanking.retrieve(name(), query, k, excludedTitles, (q, depth) -> {
            List<RetrievedChunk> d = dense.retrieve(q, depth).hits();
            List<RetrievedChunk> s = sparse.retrieve(q, depth).hits();
            List<RankFusion.Fused> fused =
                    rrf ? RankFusion.reciprocalRank(d, s, RRF_K) : RankFusion.minMax(d, s, ALPHA);
            List<Candidate> out = new ArrayList<>(fused.size());
            for (RankFusion.Fused f : fused) {
                RetrievedChunk h = f.first();
                out.add(new Candidate(h.chunk(), h.matched(), h.context(), f.score()));
            }
            return new SolrRanking.Candidates(out, d.size() >= depth || s.size() >= depth);
        });
    }

    @Override
    public String toString() {
        return "SolrHybridRetriever[" + name() + (rrf ? ", rrfK=" + RRF_K : ", alpha=" + ALPHA) + "]";
    }
}
