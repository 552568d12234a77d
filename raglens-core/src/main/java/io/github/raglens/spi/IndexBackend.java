package io.github.raglens.spi;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrieverKind;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A search engine that holds the chunks and runs the built-in retrievers over them: raglens's own
 * Lucene index ({@code lucene}, the default, in {@code raglens-retrieval}) or a SolrCloud collection
 * ({@code solrcloud}, {@code raglens-solr}). The facade finds implementations by {@link #name()} with
 * {@link java.util.ServiceLoader}, so a module that provides one is registered in {@code
 * META-INF/services/io.github.raglens.spi.IndexBackend} and needs a public no-argument constructor.
 *
 * <p>Options are plain strings (the command line passes them through unchanged), each backend
 * documenting its keys. Implementations must be thread-safe.
 */
public interface IndexBackend {

    /** The name that chooses this backend, e.g. {@code lucene}; lower case, one word. */
    String name();

    /**
     * Whether the backend loads every chunk with a vector, so that loading needs an embedding model
     * even when only BM25 will search.
     */
    boolean needsVectors();

    /**
     * Checks options without contacting anything, so a bad address fails before any work.
     *
     * @param options the backend's options by key; never null
     * @throws IllegalArgumentException naming the unknown, missing or malformed option and its expected
     *     form
     */
    void check(Map<String, String> options);

    /**
     * Opens an index, creating it when absent.
     *
     * @param options the backend's options by key, as {@link #check} accepts them
     * @param name the index's name among those of the same options ({@code workspace} for a workspace's
     *     chunks, {@code beir-<dataset>} for a BEIR corpus); backends combine it with their own naming
     *     options
     * @param folder the folder a backend that keeps files keeps this index in; null for an index the
     *     caller discards after the run, which such a backend keeps in memory
     * @throws IllegalArgumentException if {@link #check} refuses the options
     * @throws io.github.raglens.error.IndexException if the engine cannot be reached or the index read
     */
    Index open(Map<String, String> options, String name, Path folder);

    /**
     * The embedding model an index's vectors were made with, as {@link Index#embeddingModel()} says;
     * backends that can read it without loading the index override this to answer at once.
     *
     * @return empty when the index does not exist or holds no vectors
     * @see #open(Map, String, Path)
     */
    default Optional<String> embeddingModel(Map<String, String> options, String name, Path folder) {
        try (Index index = open(options, name, folder)) {
            return index.embeddingModel();
        }
    }

    /** An open index of the engine; close it when done. Thread-safe. */
    interface Index extends AutoCloseable {

        /**
         * The number of chunks the index holds.
         *
         * @throws io.github.raglens.error.IndexException if the engine cannot answer
         */
        long size();

        /** The embedding model the index's vectors were made with; empty when it holds none. */
        Optional<String> embeddingModel();

        /**
         * Every chunk the index holds, as loaded.
         *
         * @throws io.github.raglens.error.IndexException if the engine cannot answer
         */
        List<Chunk> chunks();

        /**
         * What the index's loader last recorded of its state ({@link #recordLoadState}); empty for an
         * index no load has recorded a state in.
         */
        Optional<String> loadState();

        /**
         * Records the loader's state with the index, durably, so the next loader can tell a complete
         * load from one that stopped; kept until the next call or {@link #clear()}.
         *
         * @throws io.github.raglens.error.IndexException if it cannot be written
         */
        void recordLoadState(String state);

        /**
         * Removes every chunk, the embedding model and the load state.
         *
         * @throws io.github.raglens.error.IndexException if the index cannot be written
         */
        void clear();

        /**
         * Prepares to add the chunks of a corpus, part by part: the backend reads once from the whole
         * corpus what it records with each chunk (a section's whole-section chunk and fragments, a
         * document's reading order).
         *
         * @param corpus every chunk of the load
         * @param embeddings the embedding model of the passage vectors; null to index the text alone,
         *     which a backend that {@linkplain IndexBackend#needsVectors() needs vectors} refuses
         * @throws IllegalArgumentException if embeddings are null and the backend needs vectors
         */
        Adder adder(List<Chunk> corpus, EmbeddingProvider embeddings);

        /** Adds parts of one corpus to an index. */
        @FunctionalInterface
        interface Adder {
            /**
             * Adds chunks of the corpus, with their vectors, and commits them; a chunk whose id is held
             * already is replaced.
             *
             * @throws io.github.raglens.error.IndexException if the index holds vectors of another model,
             *     or cannot be written; the chunks of earlier calls stay
             */
            void add(List<Chunk> chunks);
        }

        /**
         * A built-in retriever over this index, ranking as the in-process index's of that kind does.
         *
         * @param embeddings the query embedding model; null for retrievers that need none
         * @param excludedSectionTitles titles of sections left out of results; empty to keep all
         * @throws IllegalArgumentException for a kind that {@linkplain RetrieverKind#needsEmbeddings()
         *     needs} embeddings, without them
         */
        Retriever retriever(RetrieverKind kind, EmbeddingProvider embeddings, Set<String> excludedSectionTitles);

        /** Where the index is, for messages: a folder, or e.g. {@code collection 'raglens' at zk …}. */
        String describe();

        /** Releases the index; its content stays. */
        @Override
        void close();
    }
}
