package io.github.raglens.model;

import java.util.List;
import java.util.Objects;

/**
 * A node of a document's section tree.
 *
 * <p>The text is Markdown: tables are pipe tables and display formulas are wrapped in {@code $$…$$},
 * so that chunkers can keep them whole. A section's text holds only its own content, not that of its
 * children.
 *
 * @param id identifier unique within the document
 * @param title heading text, without numbering changes (e.g. {@code "3.2 Training"})
 * @param level 0 for the document root, 1 for top-level headings, and so on
 * @param text the section's own text; may be empty
 * @param pageStart first page (1-based) the section covers, 0 when the format has no pages
 * @param pageEnd last page (1-based) the section covers, 0 when the format has no pages
 * @param tables the tables found in this section, in order (their Markdown is also in {@code text})
 * @param children subsections in document order
 */
public record Section(
        String id,
        String title,
        int level,
        String text,
        int pageStart,
        int pageEnd,
        List<Table> tables,
        List<Section> children) {

    /** Validates the fields and copies the lists. */
    public Section {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(text, "text");
        if (level < 0) {
            throw new IllegalArgumentException("level must be >= 0, was " + level);
        }
        if (pageStart < 0 || pageEnd < pageStart) {
            throw new IllegalArgumentException(
                    "page span must satisfy 0 <= pageStart <= pageEnd, was " + pageStart + ".." + pageEnd);
        }
        tables = List.copyOf(tables);
        children = List.copyOf(children);
    }

    /** Returns a section without tables or children, for formats that have neither. */
    public static Section of(String id, String title, int level, String text) {
        return new Section(id, title, level, text, 0, 0, List.of(), List.of());
    }
}
