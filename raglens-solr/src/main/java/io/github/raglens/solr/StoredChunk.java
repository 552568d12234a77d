package io.github.raglens.solr;

import io.github.raglens.model.Chunk;
import java.util.Optional;

/**
 * A chunk as the collection stores it: the chunk and its links for expansion, each link the id of
 * another chunk or null when there is none.
 *
 * @param chunk the chunk
 * @param parentId the chunk holding its whole section, null when it is that chunk itself
 * @param prevSiblingId the previous fragment of its section
 * @param nextSiblingId the next fragment of its section
 * @param prevId the previous chunk in its document's reading order
 * @param nextId the next chunk in its document's reading order
 * @param splitParent whether it holds a whole section that also has fragments
 */
record StoredChunk(
        Chunk chunk,
        String parentId,
        String prevSiblingId,
        String nextSiblingId,
        String prevId,
        String nextId,
        boolean splitParent) {

    /** A chunk of a collection without links (one filled by someone else). */
    static StoredChunk unlinked(Chunk chunk) {
        return new StoredChunk(chunk, null, null, null, null, null, false);
    }

    String id() {
        return chunk.id();
    }

    /** The link to follow one step in a direction, empty at the end. */
    Optional<String> link(boolean siblings, boolean forward) {
        String id = siblings ? (forward ? nextSiblingId : prevSiblingId) : (forward ? nextId : prevId);
        return Optional.ofNullable(id);
    }
}
