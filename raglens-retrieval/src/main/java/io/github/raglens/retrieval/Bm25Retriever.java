package io.github.raglens.retrieval;

import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import java.util.Objects;
import org.apache.lucene.search.similarities.BM25Similarity;

/**
 * Ranks chunks by BM25 over their text, with the index's analyzer and the index's k1/b unless the
 * retriever sets its own. Named {@code bm25}.
 *
 * <p>Thread-safe. A query with no terms after analysis (blank, or only stop words) gives an empty
 * result; so does an empty index. A term repeated in the query counts as often as it occurs.
 */
final class Bm25Retriever implements Retriever {

    private final LuceneIndex index;
    private final RetrievalConfig config;
    private final ChunkFilter filter;
    private final BM25Similarity similarity;
    private final String parameters;

    private Bm25Retriever(Builder b) {
        this.index = b.index;
        this.config = b.config;
        this.filter = new ChunkFilter(this.config);
        this.similarity = b.params == null ? null : b.params.similarity();
        this.parameters = b.params == null ? "index k1/b" : b.params.toString();
    }

    /** A BM25 retriever over the index with the default {@link RetrievalConfig}. */
    public static Bm25Retriever of(LuceneIndex index) {
        return builder(index).build();
    }

    /** A BM25 retriever over the index with the given filtering and over-retrieval. */
    public static Bm25Retriever of(LuceneIndex index, RetrievalConfig config) {
        return builder(index).config(config).build();
    }

    /** Starts configuring a BM25 retriever. */
    public static Builder builder(LuceneIndex index) {
        return new Builder(index);
    }

    @Override
    public String name() {
        return RetrieverKind.BM25.label();
    }

    /**
     * {@inheritDoc}
     *
     * @throws io.github.raglens.error.IndexException if the index cannot be read
     */
    @Override
    public RetrievalResult retrieve(String query, int k) {
        return Ranking.retrieve(name(), query, k, filter, (q, depth) -> index.searchBm25(q, depth, similarity));
    }

    @Override
    public String toString() {
        return "Bm25Retriever[" + parameters + ", " + config + "]";
    }

    /** Configures a {@link Bm25Retriever}. Defaults: the index's k1/b, {@link RetrievalConfig#defaults()}. */
    public static final class Builder {
        private final LuceneIndex index;
        private RetrievalConfig config = RetrievalConfig.defaults();
        /** Null: score with the index's parameters. */
        private Bm25Params params;

        private Builder(LuceneIndex index) {
            this.index = Objects.requireNonNull(index, "index");
        }

        /** The filtering and over-retrieval. */
        public Builder config(RetrievalConfig config) {
            this.config = Objects.requireNonNull(config, "config");
            return this;
        }

        /**
         * BM25 parameters for this retriever instead of the index's (scoring only; the index is shared).
         *
         * @param k1 term-frequency saturation, finite and {@code >= 0}
         * @param b length normalisation, in {@code [0, 1]}
         */
        public Builder parameters(float k1, float b) {
            this.params = new Bm25Params(k1, b);
            return this;
        }

        /** Builds the retriever. */
        public Bm25Retriever build() {
            return new Bm25Retriever(this);
        }
    }
}
