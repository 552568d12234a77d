package io.github.raglens.model;

import java.util.Locale;

/**
 * The chunkers raglens ships, each with its defaults. Options name a kind by its {@link #label()};
 * {@link #parse(String)} is the one place that reads such a name. A chunker of your own, or a built-in
 * one with other settings, is given as an instance instead.
 */
public enum ChunkerKind {
    /** Section-aware: a whole section per chunk, a long one split into fragments under it (the default). */
    SECTION,
    /** Windows of 1,000 characters overlapping by 200 across the document, sections ignored. */
    SLIDING,
    /**
     * The document's text split recursively at paragraph breaks, line breaks, then spaces, into
     * pieces of at most 1,200 characters overlapping by up to 200, sections ignored.
     */
    RECURSIVE;

    /** The name used in options: {@code section}, {@code sliding}, {@code recursive}. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The label. */
    @Override
    public String toString() {
        return label();
    }

    /**
     * The kind of a {@link #label()}, case-insensitive.
     *
     * @throws IllegalArgumentException naming the accepted values
     */
    public static ChunkerKind parse(String label) {
        return Labels.parse(values(), ChunkerKind::label, label, "chunker");
    }
}
