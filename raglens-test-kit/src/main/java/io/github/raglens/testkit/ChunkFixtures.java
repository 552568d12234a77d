package io.github.raglens.testkit;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;

/**
 * Chunks shaped like the section chunker's output, for hand-made test corpora: a whole section is one
 * {@code PARENT_SECTION} chunk with id {@code doc/section}; a split section adds ordered fragments
 * with ids {@code doc/section#index} whose parent is that section. Every fixture covers its whole text
 * ({@code 0..text.length()}) on page 1.
 *
 * <p>Stateless and thread-safe; arguments are checked by {@link Chunk}'s constructor.
 */
public final class ChunkFixtures {

    private ChunkFixtures() {}

    /**
     * A whole section as one chunk: a {@code PARENT_SECTION} with no parent and fragment index -1.
     *
     * @param document the document id
     * @param section the section id
     * @param path the breadcrumb, e.g. {@code "paper > 2 Method"}
     * @param order the chunk's position in its document
     * @param text the section's text
     * @return the chunk with id {@code document/section}
     * @throws NullPointerException if a string argument is null
     */
    public static Chunk section(String document, String section, String path, int order, String text) {
        return sectionNamed(document + "/" + section, document, section, path, order, text);
    }

    /**
     * A whole section as one chunk, as {@link #section}, under an id of the test's own (a corpus
     * whose chunks are named {@code c1}, {@code c2} …).
     *
     * @param id the chunk's id
     * @param document the document id
     * @param section the section id
     * @param path the breadcrumb, e.g. {@code "paper > 2 Method"}
     * @param order the chunk's position in its document
     * @param text the section's text
     * @return the chunk
     * @throws NullPointerException if a string argument is null
     */
    public static Chunk sectionNamed(String id, String document, String section, String path, int order, String text) {
        return new Chunk(
                id,
                document,
                section,
                null,
                path,
                ChunkType.PARENT_SECTION,
                Chunk.WHOLE_SECTION,
                order,
                text,
                0,
                text.length(),
                1,
                1);
    }

    /**
     * A fragment of a split section, whose full text is the {@link #section} chunk of the same ids.
     *
     * @param document the document id
     * @param section the section id, which is also the fragment's parent section
     * @param path the breadcrumb of the section
     * @param type {@code SECTION_FRAGMENT} or {@code TABLE_FRAGMENT}
     * @param index the fragment's index in its section, from 0
     * @param order the chunk's position in its document
     * @param text the fragment's text
     * @return the chunk with id {@code document/section#index}
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code index} is negative
     */
    public static Chunk fragment(
            String document, String section, String path, ChunkType type, int index, int order, String text) {
        return fragmentNamed(document + "/" + section + "#" + index, document, section, path, type, index, order, text);
    }

    /**
     * A fragment of a split section, as {@link #fragment}, under an id of the test's own (a corpus
     * whose chunks are named {@code c1}, {@code c2} …).
     *
     * @param id the chunk's id
     * @param document the document id
     * @param section the section id, which is also the fragment's parent section
     * @param path the breadcrumb of the section
     * @param type {@code SECTION_FRAGMENT} or {@code TABLE_FRAGMENT}
     * @param index the fragment's index in its section, from 0
     * @param order the chunk's position in its document
     * @param text the fragment's text
     * @return the chunk
     * @throws NullPointerException if an argument is null
     * @throws IllegalArgumentException if {@code index} is negative
     */
    public static Chunk fragmentNamed(
            String id,
            String document,
            String section,
            String path,
            ChunkType type,
            int index,
            int order,
            String text) {
        if (index < 0) {
            throw new IllegalArgumentException("a fragment's index must be 0 or more, was " + index);
        }
        return new Chunk(id, document, section, section, path, type, index, order, text, 0, text.length(), 1, 1);
    }
}
