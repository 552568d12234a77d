package io.github.raglens.retrieval;

import io.github.raglens.internal.RankFusion;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Fuses a dense and a sparse ranking of the same corpus. Named {@code hybrid} with min-max fusion and
 * {@code hybrid-rrf} with reciprocal rank fusion.
 *
 * <p>Each source is asked for {@code k × overRetrievalFactor} hits. Min-max fusion rescales each list
 * to [0, 1] (a list whose scores are all equal maps to 1) and scores a chunk
 * {@code α · dense + (1 − α) · sparse}, a chunk missing from one list counting 0 there. Reciprocal rank
 * fusion scores {@code Σ 1 / (rrfK + rank)} over the lists that hold the chunk. The fused ranking does
 * not depend on which list is read first. Thread-safe when the sources are.
 */
final class HybridRetriever implements Retriever {

    /** How the two rankings are combined. */
    public enum Fusion {
        /** Min-max normalised weighted sum. */
        MIN_MAX,
        /** Reciprocal rank fusion. */
        RRF
    }

    private final Retriever dense;
    private final Retriever sparse;
    private final Fusion fusion;
    private final double alpha;
    private final int rrfK;
    private final RetrievalConfig config;
    private final ChunkFilter filter;

    private HybridRetriever(Builder b) {
        this.dense = b.dense;
        this.sparse = b.sparse;
        this.fusion = b.fusion;
        this.alpha = b.alpha;
        this.rrfK = b.rrfK;
        this.config = b.config;
        this.filter = new ChunkFilter(this.config);
    }

    /** Min-max fusion with α = 0.5 and the default {@link RetrievalConfig}. */
    public static HybridRetriever of(Retriever dense, Retriever sparse) {
        return builder(dense, sparse).build();
    }

    /** Starts configuring a hybrid of a dense (weighted α) and a sparse (weighted 1 − α) retriever. */
    public static Builder builder(Retriever dense, Retriever sparse) {
        return new Builder(dense, sparse);
    }

    @Override
    public String name() {
        return (fusion == Fusion.RRF ? RetrieverKind.HYBRID_RRF : RetrieverKind.HYBRID).label();
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        return Ranking.retrieve(name(), query, k, filter, this::fuse);
    }

    private Ranking.Candidates fuse(String query, int depth) {
        Ranking.Nested dn = Ranking.nested(dense, query, depth);
        Ranking.Nested sn = Ranking.nested(sparse, query, depth);
        List<RetrievedChunk> d = dn.hits();
        List<RetrievedChunk> s = sn.hits();
        List<RankFusion.Fused> fused =
                fusion == Fusion.RRF ? RankFusion.reciprocalRank(d, s, rrfK) : RankFusion.minMax(d, s, alpha);
        List<Hit> out = new ArrayList<>(fused.size());
        for (RankFusion.Fused f : fused) {
            RetrievedChunk h = f.first();
            out.add(new Hit(h.chunk(), h.matched(), h.context(), f.score()));
        }
        return new Ranking.Candidates(out, d.size() >= depth || s.size() >= depth, dn.reusedNanos() + sn.reusedNanos());
    }

    @Override
    public String toString() {
        return "HybridRetriever[" + name() + ", dense=" + dense.name() + ", sparse=" + sparse.name()
                + (fusion == Fusion.RRF ? ", rrfK=" + rrfK : ", alpha=" + alpha) + "]";
    }

    /**
     * Configures a {@link HybridRetriever}. Defaults: min-max fusion, α = 0.5, RRF k = 60,
     * {@link RetrievalConfig#defaults()}.
     */
    public static final class Builder {
        private final Retriever dense;
        private final Retriever sparse;
        private Fusion fusion = Fusion.MIN_MAX;
        private double alpha = 0.5;
        private int rrfK = 60;
        private RetrievalConfig config = RetrievalConfig.defaults();

        private Builder(Retriever dense, Retriever sparse) {
            this.dense = Objects.requireNonNull(dense, "dense");
            this.sparse = Objects.requireNonNull(sparse, "sparse");
        }

        /** The fusion method. */
        public Builder fusion(Fusion fusion) {
            this.fusion = Objects.requireNonNull(fusion, "fusion");
            return this;
        }

        /** The dense weight of min-max fusion, in [0, 1]. */
        public Builder alpha(double alpha) {
            if (!(alpha >= 0 && alpha <= 1)) {
                throw new IllegalArgumentException("alpha must be in [0, 1], was " + alpha);
            }
            this.alpha = alpha;
            return this;
        }

        /** The rank constant of reciprocal rank fusion; at least 1. */
        public Builder rrfK(int rrfK) {
            if (rrfK < 1) {
                throw new IllegalArgumentException("rrfK must be >= 1, was " + rrfK);
            }
            this.rrfK = rrfK;
            return this;
        }

        /** The filtering and over-retrieval. */
        public Builder config(RetrievalConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /** Builds the retriever. */
        public HybridRetriever build() {
            return new HybridRetriever(this);
        }
    }
}
