package io.github.raglens.chunk;

import io.github.raglens.internal.SetOnce;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import io.github.raglens.spi.Chunker;
import java.util.List;

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
    private final TextWindows windows;

    private SlidingWindowChunker(Builder b) {
        this.windowChars = b.windowChars;
        this.overlapChars = b.overlapChars;
        this.windows = TextWindows.sliding(windowChars, overlapChars);
    }

    /** A builder with the defaults (1,000 / 200). */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this chunker's options. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.windowChars = windowChars;
        b.overlapChars = overlapChars;
        return b;
    }

    @Override
    public List<Chunk> chunk(Document document) {
        return windows.chunk(document);
    }

    /** Lists every option. */
    @Override
    public String toString() {
        return "SlidingWindowChunker[windowChars=" + windowChars + ", overlapChars=" + overlapChars
                + ", sectionJoiner=blank line]";
    }

    /** Options of a {@link SlidingWindowChunker}. Not thread-safe; the chunker it builds is. */
    public static final class Builder {
        private final SetOnce set = new SetOnce();
        private int windowChars = DEFAULT_WINDOW_CHARS;
        private int overlapChars = DEFAULT_OVERLAP_CHARS;

        private Builder() {}

        /**
         * Window length in characters; default 1,000.
         *
         * @throws IllegalArgumentException when below 1
         */
        public Builder windowChars(int chars) {
            this.windowChars = TextWindows.checkSize("windowChars", chars);
            set.record("windowChars", chars);
            return this;
        }

        /**
         * Characters shared by consecutive windows; default 200.
         *
         * @throws IllegalArgumentException when negative
         */
        public Builder overlapChars(int chars) {
            this.overlapChars = TextWindows.checkOverlap(chars);
            set.record("overlapChars", chars);
            return this;
        }

        /**
         * Builds the chunker.
         *
         * @throws IllegalArgumentException when the overlap is not smaller than the window
         */
        public SlidingWindowChunker build() {
            TextWindows.checkFits("windowChars", windowChars, overlapChars);
            return new SlidingWindowChunker(this);
        }
    }
}
