/**
 * The Lucene index (BM25 and HNSW vectors in one index) and the retrievers over it, provided as the
 * index backend named {@code lucene}. Users pick the backend and the retrievers through the facade
 * ({@code RagLens.Builder.backend}, {@code retrievers}), so the package is exported to the facade only.
 */
// "module": the qualified export names a module that is not observable when this one compiles.
@SuppressWarnings("module")
module io.github.raglens.retrieval {
    requires transitive io.github.raglens.core;
    requires com.fasterxml.jackson.databind;
    requires org.apache.lucene.analysis.common;
    requires org.apache.lucene.core;

    exports io.github.raglens.retrieval to
            io.github.raglens;

    // raglens's own index is found by name as every backend is.
    provides io.github.raglens.spi.IndexBackend with
            io.github.raglens.retrieval.LuceneBackend;

    // BEIR's JSONL lines bind to records of this package.
    opens io.github.raglens.retrieval to
            com.fasterxml.jackson.databind;
}
