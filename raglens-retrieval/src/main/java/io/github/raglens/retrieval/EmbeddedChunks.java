package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Which chunks of a corpus get a vector in the Lucene index. The {@code PARENT_SECTION} chunk of a section that has
 * fragments holds the whole section, often far more than an embedding model reads (512 tokens for
 * the default model), so its vector would stand for its first page only; it is indexed for BM25 and
 * reached by dense search through its fragments, which hierarchical retrieval promotes to it. Every
 * other chunk, an atomic section included, gets a vector.
 */
final class EmbeddedChunks {

    /** Recorded with every load, so an index loaded under another rule is loaded again. */
    static final String RULE = "vectors=all but parents of fragments";

    private EmbeddedChunks() {}

    /** Whether a chunk of {@code corpus} gets a vector; the corpus must hold the chunks asked about. */
    static Predicate<Chunk> of(List<Chunk> corpus) {
        Set<String> fragmented = new HashSet<>();
        for (Chunk c : corpus) {
            if (c.isFragment() && c.parentSectionId() != null) {
                fragmented.add(key(c.documentId(), c.parentSectionId()));
            }
        }
        return c -> c.type() != ChunkType.PARENT_SECTION
                || c.isFragment()
                || !fragmented.contains(key(c.documentId(), c.sectionId()));
    }

    private static String key(String documentId, String sectionId) {
        return documentId + '\u0000' + sectionId;
    }
}
