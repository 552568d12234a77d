package io.github.raglens.spi;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import java.util.List;

/**
 * Cuts a document into retrievable chunks.
 *
 * <p>Implementations must be thread-safe and deterministic: the same document and configuration
 * always give the same chunks with the same ids, so caches keyed by chunk id stay valid. Their
 * {@code toString()} must list every option that changes the output; the workspace hashes it to
 * notice a changed configuration.
 */
@FunctionalInterface
public interface Chunker {

    /**
     * Chunks one document.
     *
     * @param document the document to cut
     * @return chunks in document order with {@code order} 0, 1, 2 …; empty for a document without text
     */
    List<Chunk> chunk(Document document);
}
