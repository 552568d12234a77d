package io.github.raglens.chunk;

import io.github.raglens.internal.SetOnce;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import io.github.raglens.spi.Chunker;
import java.util.List;

/**
 * A baseline that ignores sections: the whole document's text through the recursive character
 * splitter (cutting at paragraph breaks, then line breaks, then spaces, then anywhere), with no table
 * or formula protection — the approach section-aware chunking replaced.
 *
 * <p>The document text is the sections' texts in reading order joined by a blank line. Pieces are at
 * most {@link Builder#chunkChars(int) chunkChars} (default 1,200) characters, overlap by up to {@link
 * Builder#overlapChars(int) overlapChars} (200), and are trimmed. Chunks are assigned to sections as
 * by {@link SlidingWindowChunker}: the section where a piece starts, span clipped to that section's
 * text, fragment indexes counted per section, {@code parentSectionId} {@code null}. Immutable and
 * thread-safe.
 */
public final class RecursiveChunker implements Chunker {

    /** Default of {@link Builder#chunkChars(int)}. */
    public static final int DEFAULT_CHUNK_CHARS = 1_200;
    /** Default of {@link Builder#overlapChars(int)}. */
    public static final int DEFAULT_OVERLAP_CHARS = 200;

    private final int chunkChars;
    private final int overlapChars;
    private final TextWindows windows;

    private RecursiveChunker(Builder b) {
        this.chunkChars = b.chunkChars;
        this.overlapChars = b.overlapChars;
        this.windows = TextWindows.recursive(chunkChars, overlapChars);
    }

    /** A builder with the defaults (1,200 / 200). */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this chunker's options. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.chunkChars = chunkChars;
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
        return "RecursiveChunker[chunkChars=" + chunkChars + ", overlapChars=" + overlapChars
                + ", separators=paragraph,line,space,char, sectionJoiner=blank line]";
    }

    /** Options of a {@link RecursiveChunker}. Not thread-safe; the chunker it builds is. */
    public static final class Builder {
        private final SetOnce set = new SetOnce();
        private int chunkChars = DEFAULT_CHUNK_CHARS;
        private int overlapChars = DEFAULT_OVERLAP_CHARS;

        private Builder() {}

        /**
         * Maximum chunk length in characters; default 1,200.
         *
         * @throws IllegalArgumentException when below 1
         */
        public Builder chunkChars(int chars) {
            this.chunkChars = TextWindows.checkSize("chunkChars", chars);
            set.record("chunkChars", chars);
            return this;
        }

        /**
         * Characters a chunk may share with the one before it; default 200.
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
         * @throws IllegalArgumentException when the overlap is not smaller than the chunk size
         */
        public RecursiveChunker build() {
            TextWindows.checkFits("chunkChars", chunkChars, overlapChars);
            return new RecursiveChunker(this);
        }
    }
}
