package io.github.raglens.model;

/** What a chunk holds. */
public enum ChunkType {
    /** A whole section: atomic when small, or the parent of fragments when large. */
    PARENT_SECTION,
    /** A piece of a large section's running text. */
    SECTION_FRAGMENT,
    /** A table, or a run of rows of a large table that repeats the header. */
    TABLE_FRAGMENT
}
