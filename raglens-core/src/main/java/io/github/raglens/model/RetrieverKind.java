package io.github.raglens.model;

import java.util.List;

/**
 * The built-in retrievers, each searching the index its own way. Options, files and reports name a
 * kind by its {@link #label()}; {@link #parse(String)} is the one place that reads such a name. The
 * expanding kinds ({@link #HIERARCHICAL}, {@link #HIER_NEIGHBOR}, {@link #NEIGHBOR}) expand the hits of
 * {@link #HYBRID} when an embedding model is given, of {@link #BM25} otherwise.
 */
public enum RetrieverKind {
    /** BM25 over the chunk text. */
    BM25("bm25", false, false),
    /** Nearest vectors (HNSW). */
    DENSE("dense", true, true),
    /** Dense and BM25 scores, each min-max normalised, mixed half and half. */
    HYBRID("hybrid", true, true),
    /** Dense and BM25 lists fused by reciprocal rank (k = 60). */
    HYBRID_RRF("hybrid-rrf", true, true),
    /** Each hit promoted to its whole section. */
    HIERARCHICAL("hierarchical", false, true),
    /** Each hit with its neighbouring fragments of the same section. */
    HIER_NEIGHBOR("hier-neighbor", false, true),
    /** Each hit with its neighbours in the document's reading order. */
    NEIGHBOR("neighbor", false, true);

    private static final List<RetrieverKind> DEFAULTS = List.of(BM25, DENSE, HYBRID, HIERARCHICAL, HIER_NEIGHBOR);

    private final String label;
    private final boolean needsEmbeddings;
    private final boolean usesEmbeddings;

    RetrieverKind(String label, boolean needsEmbeddings, boolean usesEmbeddings) {
        this.label = label;
        this.needsEmbeddings = needsEmbeddings;
        this.usesEmbeddings = usesEmbeddings;
    }

    /** The name in options, files and reports, e.g. {@code hier-neighbor}. */
    public String label() {
        return label;
    }

    /** Whether the retriever cannot search without an embedding model (it ranks by vectors). */
    public boolean needsEmbeddings() {
        return needsEmbeddings;
    }

    /**
     * Whether the retriever ranks with an embedding model when one is given: those that {@linkplain
     * #needsEmbeddings() need} one, and the expanding kinds, which then expand hybrid's hits instead
     * of BM25's.
     */
    public boolean usesEmbeddings() {
        return usesEmbeddings;
    }

    /** The retrievers benchmarked when none are named: bm25, dense, hybrid, hierarchical, hier-neighbor. */
    public static List<RetrieverKind> defaults() {
        return DEFAULTS;
    }

    /**
     * The kind of a {@link #label()}, case-insensitive.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static RetrieverKind parse(String label) {
        return Labels.parse(values(), RetrieverKind::label, label, "retriever");
    }

    /** The label. */
    @Override
    public String toString() {
        return label;
    }
}
