package io.github.raglens.model;

import java.util.List;
import java.util.Objects;

/**
 * A table recovered from a document: rows of cell texts, the first row being the header.
 *
 * @param page the 1-based page the table is on, 0 when the format has no pages
 * @param rows rows of cells; every row is copied and immutable
 */
public record Table(int page, List<List<String>> rows) {

    /** Validates the page and deep-copies the rows. */
    public Table {
        if (page < 0) {
            throw new IllegalArgumentException("page must be >= 0, was " + page);
        }
        Objects.requireNonNull(rows, "rows");
        rows = rows.stream().map(List::copyOf).toList();
    }

    /** Number of columns of the widest row. */
    public int columnCount() {
        return rows.stream().mapToInt(List::size).max().orElse(0);
    }
}
