package io.github.raglens.model;

import java.util.Objects;

/**
 * A retrievable piece of a document.
 *
 * @param id deterministic identifier: the same corpus and chunker configuration give the same ids
 * @param documentId the owning document's id
 * @param sectionId the section the chunk comes from
 * @param parentSectionId for fragments, the section whose {@code PARENT_SECTION} chunk holds the full
 *     text (the same as {@code sectionId}); for section chunks, the enclosing section; {@code null}
 *     when there is none
 * @param sectionPath breadcrumb of section titles, e.g. {@code "paper > 3 Method"}
 * @param type what the chunk holds
 * @param fragmentIndex -1 for an atomic or parent section chunk, 0,1,2… for fragments in order
 * @param order position of the chunk in its document's chunk sequence (0-based)
 * @param text the chunk's text; never empty
 * @param charStart start offset (inclusive) of the covered span in the section's text
 * @param charEnd end offset (exclusive) of the covered span in the section's text
 * @param pageStart first page covered, 0 when unknown
 * @param pageEnd last page covered, 0 when unknown
 */
public record Chunk(
        String id,
        String documentId,
        String sectionId,
        String parentSectionId,
        String sectionPath,
        ChunkType type,
        int fragmentIndex,
        int order,
        String text,
        int charStart,
        int charEnd,
        int pageStart,
        int pageEnd) {

    /** Index value of a chunk that is a whole section rather than a fragment. */
    public static final int WHOLE_SECTION = -1;

    /** Validates the fields; only {@code parentSectionId} may be null. */
    public Chunk {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(documentId, "documentId");
        Objects.requireNonNull(sectionId, "sectionId");
        Objects.requireNonNull(sectionPath, "sectionPath");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(text, "text");
        if (fragmentIndex < WHOLE_SECTION) {
            throw new IllegalArgumentException("fragmentIndex must be >= -1, was " + fragmentIndex);
        }
        if (charStart < 0 || charEnd < charStart) {
            throw new IllegalArgumentException(
                    "span must satisfy 0 <= charStart <= charEnd, was " + charStart + ".." + charEnd);
        }
    }

    /** Whether this chunk is a fragment of a larger section. */
    public boolean isFragment() {
        return fragmentIndex != WHOLE_SECTION;
    }
}
