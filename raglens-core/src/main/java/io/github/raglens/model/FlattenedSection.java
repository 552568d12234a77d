package io.github.raglens.model;

import java.util.Objects;
import java.util.Optional;

/**
 * A section taken out of its tree, with the path that located it.
 *
 * @param documentId the owning document's id
 * @param sectionId the section's id
 * @param parentSectionId the parent section's id, or {@code null} for the document root
 * @param title the section's title
 * @param level the section's level (0 = document root)
 * @param path breadcrumb of titles from the document down, e.g. {@code "paper > 3 Method > 3.2 Training"}
 * @param text the section's own text
 * @param pageStart first page, 0 when unknown
 * @param pageEnd last page, 0 when unknown
 */
public record FlattenedSection(
        String documentId,
        String sectionId,
        String parentSectionId,
        String title,
        int level,
        String path,
        String text,
        int pageStart,
        int pageEnd) {

    /** Validates the fields; only {@code parentSectionId} may be null. */
    public FlattenedSection {
        Objects.requireNonNull(documentId, "documentId");
        Objects.requireNonNull(sectionId, "sectionId");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(path, "path");
        Objects.requireNonNull(text, "text");
    }

    /** The parent section's id, empty for the document root. */
    public Optional<String> parent() {
        return Optional.ofNullable(parentSectionId);
    }
}
