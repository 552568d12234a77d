package io.github.raglens.model;

import java.util.Map;
import java.util.Objects;

/**
 * One parsed source file: a title, where it came from, and its section tree.
 *
 * @param id stable identifier derived from the file name and content hash, so re-parsing an
 *     unchanged file gives the same id
 * @param title the document's title (from metadata or the first page); never blank
 * @param source where the document came from, usually a file path as given by the user
 * @param pageCount number of pages, 0 for formats without pages
 * @param metadata free-form metadata (author, producer …); immutable
 * @param root the root section; its title is the document title and its level is 0
 */
public record Document(
        String id, String title, String source, int pageCount, Map<String, String> metadata, Section root) {

    /** Validates the fields and copies the metadata. */
    public Document {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(root, "root");
        if (id.isBlank()) {
            throw new IllegalArgumentException("document id must not be blank");
        }
        if (pageCount < 0) {
            throw new IllegalArgumentException("pageCount must be >= 0, was " + pageCount);
        }
        metadata = Map.copyOf(metadata);
    }
}
