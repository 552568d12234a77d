package io.github.raglens.spi;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrieverKind;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A search engine outside the process that holds the chunks in place of raglens's own Lucene index,
 * such as a SolrCloud collection ({@code raglens-solr}). The facade finds implementations by {@link
 * #name()} with {@link java.util.ServiceLoader}, so a module that provides one is registered in {@code
 * META-INF/services/io.github.raglens.spi.IndexBackend} and needs a public no-argument constructor.
 *
 * <p>Options are plain strings (the command line passes them through unchanged), each backend
 * documenting its keys. Implementations must be thread-safe.
 */
public interface IndexBackend {

    /** The name that chooses this backend, e.g. {@code solrcloud}; lower case, one word. */
    String name();

    /**
     * Checks options without contacting anything, so a bad address fails before any work.
     *
     * @param options the backend's options by key; never null
     * @throws IllegalArgumentException naming the missing or malformed option and its expected form
     */
    void check(Map<String, String> options);

    /**
     * Connects to the engine.
     *
     * @param options the backend's options by key, as {@link #check} accepts them
     * @param location a name for this index that tells it from others of the same options (the
     *     facade passes {@code workspace} for a workspace's chunks, {@code beir-<dataset>} for a BEIR
     *     corpus); backends combine it with their own naming options
     * @throws IllegalArgumentException if {@link #check} refuses the options
     * @throws io.github.raglens.error.IndexException if the engine cannot be reached
     */
    Index open(Map<String, String> options, String location);

    /** A connection to one index of the engine; close it when done. Thread-safe. */
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
         * Removes every chunk, then embeds and loads these (passage vectors of {@code embeddings}),
         * so the index holds exactly them. Pass whole documents: links between a document's chunks
         * are computed over one call.
         *
         * @throws io.github.raglens.error.IndexException if a load fails; the index may then hold part
         *     of the chunks, and loading again repairs it
         */
        void replaceAll(List<Chunk> chunks, EmbeddingProvider embeddings);

        /**
         * A built-in retriever over this index, ranking as the in-process index's of that kind does.
         *
         * @param embeddings the query embedding model; null for retrievers that need none
         * @param excludedSectionTitles titles of sections left out of results; empty to keep all
         * @throws IllegalArgumentException for a kind that {@linkplain RetrieverKind#needsEmbeddings()
         *     needs} embeddings, without them
         */
        Retriever retriever(RetrieverKind kind, EmbeddingProvider embeddings, Set<String> excludedSectionTitles);

        /** A description of where the index is, for messages, e.g. {@code collection 'raglens' at zk …}. */
        String describe();

        /** Releases the connection; the index's content stays. */
        @Override
        void close();
    }
}
