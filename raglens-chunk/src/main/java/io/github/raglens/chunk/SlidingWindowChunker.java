package io.github.raglens.chunk;

import io.github.raglens.chunk.StructurePreserver.Span;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import io.github.raglens.spi.Chunker;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The naive baseline: a fixed window slid across the whole document's text, blind to sections,
 * tables, formulas and words.
 *
 * <p>The document text is the sections' texts in reading order joined by a blank line. Windows are
 * {@link Builder#windowChars(int) windowChars} (default 1,000) characters long and start every {@code
 * windowChars − overlapChars} characters ({@link Builder#overlapChars(int) overlapChars} default 200);
 * the last window ends at the end of the text, and windows of only whitespace are dropped. Window texts
 * are exact substrings, not trimmed.
 *
 * <p>Every chunk is a {@link io.github.raglens.model.ChunkType#SECTION_FRAGMENT} assigned to the
 * section where the window starts: {@code sectionId}, {@code sectionPath} and the character span
 * refer to that section, the span clipped to its text (a window running on into later sections is
 * longer than its span), the page span runs to the last page of the last section the window touches.
 * Fragment indexes count windows per section from 0; {@code parentSectionId} is {@code null}: there
 * is no parent chunk to promote to. Immutable and thread-safe.
 */
public final class SlidingWindowChunker implements Chunker {

    /** Default of {@link Builder#windowChars(int)}. */
    public static final int DEFAULT_WINDOW_CHARS = 1_000;
    /** Default of {@link Builder#overlapChars(int)}. */
    public static final int DEFAULT_OVERLAP_CHARS = 200;

    private final int windowChars;
    private final int overlapChars;

    private SlidingWindowChunker(Builder b) {
        this.windowChars = b.windowChars;
        this.overlapChars = b.overlapChars;
    }

    /** A builder with the defaults (1,000 / 200). */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this chunker's options. */
    public Builder toBuilder() {
        return new Builder().windowChars(windowChars).overlapChars(overlapChars);
    }

    @Override
    public List<Chunk> chunk(Document document) {
        Objects.requireNonNull(document, "document");
        DocumentText doc = new DocumentText(document);
        int n = doc.text().length();
        List<Span> windows = new ArrayList<>();
        int step = windowChars - overlapChars;
        for (int start = 0; start < n; start += step) {
            int end = Math.min(start + windowChars, n);
            windows.add(new Span(start, end));
            if (end == n) {
                break;
            }
        }
        return doc.toChunks(document.id(), windows);
    }

    /** Lists every option. */
    @Override
    public String toString() {
        return "SlidingWindowChunker[windowChars=" + windowChars + ", overlapChars=" + overlapChars
                + ", sectionJoiner=blank line]";
    }

    /** Options of a {@link SlidingWindowChunker}. Not thread-safe; the chunker it builds is. */
    public static final class Builder {
        private int windowChars = DEFAULT_WINDOW_CHARS;
        private int overlapChars = DEFAULT_OVERLAP_CHARS;

        private Builder() {}

        /**
         * Window length in characters; default 1,000.
         *
         * @throws IllegalArgumentException when below 1
         */
        public Builder windowChars(int chars) {
            if (chars < 1) {
                throw new IllegalArgumentException("windowChars must be >= 1, was " + chars);
            }
            this.windowChars = chars;
            return this;
        }

        /**
         * Characters shared by consecutive windows; default 200.
         *
         * @throws IllegalArgumentException when negative
         */
        public Builder overlapChars(int chars) {
            if (chars < 0) {
                throw new IllegalArgumentException("overlapChars must be >= 0, was " + chars);
            }
            this.overlapChars = chars;
            return this;
        }

        /**
         * Builds the chunker.
         *
         * @throws IllegalArgumentException when the overlap is not smaller than the window
         */
        public SlidingWindowChunker build() {
            if (overlapChars >= windowChars) {
                throw new IllegalArgumentException("overlapChars (" + overlapChars
                        + ") must be smaller than windowChars (" + windowChars
                        + "); lower overlapChars or raise windowChars");
            }
            return new SlidingWindowChunker(this);
        }
    }
}
