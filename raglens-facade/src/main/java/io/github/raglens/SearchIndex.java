package io.github.raglens;

import io.github.raglens.model.RetrieverKind;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.retrieval.RetrievalConfig;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import io.github.raglens.spi.Retriever;
import java.util.Set;

/**
 * The index the built-in retrievers search, whichever engine holds it: raglens's own Lucene index or
 * an {@link IndexBackend}'s. Closing it closes the index or the connection.
 */
interface SearchIndex extends AutoCloseable {

    /** The built-in retriever of this kind, leaving out sections of these titles. */
    Retriever retriever(RetrieverKind kind, EmbeddingProvider embeddings, Set<String> excludedSectionTitles);

    @Override
    void close();

    /** Retrievers over a Lucene index, which this closes. */
    static SearchIndex of(LuceneIndex index) {
        return new Lucene(index);
    }

    /** Retrievers over a backend's index, which this closes. */
    static SearchIndex of(IndexBackend.Index index) {
        return new Backend(index);
    }

    /** Over the in-process index. */
    record Lucene(LuceneIndex index) implements SearchIndex {
        @Override
        public Retriever retriever(
                RetrieverKind kind, EmbeddingProvider embeddings, Set<String> excludedSectionTitles) {
            return Retrievers.create(
                    kind,
                    index,
                    embeddings,
                    RetrievalConfig.defaults().withExcludedSectionTitles(excludedSectionTitles));
        }

        @Override
        public void close() {
            index.close();
        }
    }

    /** Over a backend's index. */
    record Backend(IndexBackend.Index index) implements SearchIndex {
        @Override
        public Retriever retriever(
                RetrieverKind kind, EmbeddingProvider embeddings, Set<String> excludedSectionTitles) {
            return index.retriever(kind, embeddings, excludedSectionTitles);
        }

        @Override
        public void close() {
            index.close();
        }
    }
}
