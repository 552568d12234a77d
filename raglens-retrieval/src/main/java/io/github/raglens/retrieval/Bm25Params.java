package io.github.raglens.retrieval;

import org.apache.lucene.search.similarities.BM25Similarity;

/**
 * The two BM25 parameters, checked once for the index and for retrievers with their own.
 *
 * @param k1 term-frequency saturation, finite and {@code >= 0}
 * @param b length normalisation, in {@code [0, 1]}
 */
record Bm25Params(float k1, float b) {

    /** Lucene's defaults: k1 = 1.2, b = 0.75. */
    static final Bm25Params LUCENE_DEFAULTS = new Bm25Params(1.2f, 0.75f);

    Bm25Params {
        if (!Float.isFinite(k1) || k1 < 0) {
            throw new IllegalArgumentException("k1 must be finite and >= 0, was " + k1);
        }
        if (!(b >= 0 && b <= 1)) {
            throw new IllegalArgumentException("b must be in [0, 1], was " + b);
        }
    }

    /** A Lucene similarity scoring with these parameters. */
    BM25Similarity similarity() {
        return new BM25Similarity(k1, b);
    }

    /** {@code k1=1.2, b=0.75}. */
    @Override
    public String toString() {
        return "k1=" + k1 + ", b=" + b;
    }
}
