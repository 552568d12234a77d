package io.github.raglens;

import java.util.Objects;

/**
 * Options of {@link RagLens#beir}: the qrels split, hits per query and the BM25 parameters.
 *
 * @param split the qrels split, {@code qrels/<split>.tsv}; default {@code test}
 * @param hits hits retrieved per query and written to the run files, at least 100 (Recall@100);
 *     default 100
 * @param k1 BM25 term-frequency saturation, finite and at least 0; default 1.2
 * @param b BM25 length normalisation, in [0, 1]; default 0.75
 */
public record BeirOptions(String split, int hits, float k1, float b) {

    /** Checks every option. */
    public BeirOptions {
        Objects.requireNonNull(split, "split");
        if (hits < 100) {
            throw new IllegalArgumentException("hits must be >= 100 (Recall@100 needs 100 hits), was " + hits);
        }
        if (k1 < 0 || !Float.isFinite(k1) || !(b >= 0 && b <= 1)) {
            throw new IllegalArgumentException("BM25 needs k1 >= 0 and b in [0, 1], were k1=" + k1 + ", b=" + b);
        }
    }

    /** The {@code test} split, 100 hits, k1 1.2, b 0.75. */
    public static BeirOptions defaults() {
        return new BeirOptions("test", 100, 1.2f, 0.75f);
    }
}
