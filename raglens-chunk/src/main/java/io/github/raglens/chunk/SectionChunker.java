package io.github.raglens.chunk;

import io.github.raglens.chunk.StructurePreserver.Span;
import io.github.raglens.chunk.StructurePreserver.TableBlock;
import io.github.raglens.chunk.StructurePreserver.TableFragment;
import io.github.raglens.chunk.corpus.SectionFlattener;
import io.github.raglens.internal.SetOnce;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.model.FlattenedSection;
import io.github.raglens.spi.Chunker;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * Section-aware hierarchical chunker: every section is chunked on its own, so no chunk ever mixes two
 * sections, and tables and formulas are never cut.
 *
 * <p>For each section of the {@linkplain SectionFlattener flattened} document, in reading order (the
 * section's text is trimmed of surrounding whitespace first; a section without text gives no chunk):
 *
 * <ul>
 *   <li>a section of at most {@link Builder#maxSectionChars(int) maxSectionChars} (default 2,500)
 *       characters gives one atomic {@link ChunkType#PARENT_SECTION} chunk with fragment index −1;
 *   <li>a larger section gives a {@code PARENT_SECTION} chunk with its full text (for hierarchical
 *       retrieval) followed by its fragments, numbered 0, 1, 2 … in text order across both kinds:
 *       <ul>
 *         <li>each pipe table of at most {@link Builder#maxTableChars(int) maxTableChars} (3,000)
 *             characters becomes one {@link ChunkType#TABLE_FRAGMENT}; a larger one is split at row
 *             boundaries into fragments of about {@link Builder#tableFragmentChars(int)
 *             tableFragmentChars} (1,500) characters, each starting with the table's header row and
 *             separator row;
 *         <li>the text between tables goes through a recursive character splitter ({@link
 *             Builder#fragmentChars(int) fragmentChars} 1,200, {@link Builder#fragmentOverlap(int)
 *             fragmentOverlap} 200; cutting at paragraph breaks, then line breaks, then spaces, then
 *             anywhere) into {@link ChunkType#SECTION_FRAGMENT}s. {@code $$…$$} formulas are opaque
 *             to the splitter, so none is cut; a formula longer than {@code fragmentChars} becomes a
 *             fragment of its own.
 *       </ul>
 * </ul>
 *
 * <p>Fields of the chunks: {@code parentSectionId} of a fragment is its own section's id — the section
 * whose {@code PARENT_SECTION} chunk holds the full text, so that a retriever can promote a fragment
 * to its parent with one lookup by {@code (documentId, parentSectionId)}; for a {@code PARENT_SECTION}
 * chunk it is the enclosing section's id ({@code null} for the document root). The character span is
 * the fragment's place in its section's text: for {@code PARENT_SECTION} and {@code SECTION_FRAGMENT}
 * chunks the text is exactly that substring; for a table fragment it covers the rows it carries (the
 * header too for the first fragment of a table; later fragments repeat the header as a copy). The page
 * span is the section's. {@code order} numbers the document's chunks 0, 1, 2 … in list order. Ids are
 * deterministic: a hash of document id, section id, type, fragment index and text.
 *
 * <p>Immutable and thread-safe. {@code toString()} lists every option.
 *
 * <pre>{@code
 * Chunker chunker = SectionChunker.builder().maxSectionChars(2_500).fragmentChars(1_200).build();
 * List<Chunk> chunks = chunker.chunk(document);
 * }</pre>
 */
public final class SectionChunker implements Chunker {

    /** Default of {@link Builder#maxSectionChars(int)}. */
    public static final int DEFAULT_MAX_SECTION_CHARS = 2_500;
    /** Default of {@link Builder#maxTableChars(int)}. */
    public static final int DEFAULT_MAX_TABLE_CHARS = 3_000;
    /** Default of {@link Builder#tableFragmentChars(int)}. */
    public static final int DEFAULT_TABLE_FRAGMENT_CHARS = 1_500;
    /** Default of {@link Builder#fragmentChars(int)}. */
    public static final int DEFAULT_FRAGMENT_CHARS = 1_200;
    /** Default of {@link Builder#fragmentOverlap(int)}. */
    public static final int DEFAULT_FRAGMENT_OVERLAP = 200;

    /** Bumped whenever the algorithm changes its output for the same options. */
    private static final int ALGORITHM_VERSION = 1;

    private final int maxSectionChars;
    private final int maxTableChars;
    private final int tableFragmentChars;
    private final int fragmentChars;
    private final int fragmentOverlap;
    private final RecursiveSplitter splitter;

    private SectionChunker(Builder b) {
        this.maxSectionChars = b.maxSectionChars;
        this.maxTableChars = b.maxTableChars;
        this.tableFragmentChars = b.tableFragmentChars;
        this.fragmentChars = b.fragmentChars;
        this.fragmentOverlap = b.fragmentOverlap;
        this.splitter = new RecursiveSplitter(fragmentChars, fragmentOverlap);
    }

    /** A builder with the defaults of the original toolkit. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder starting from this chunker's options, to derive a variant. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.maxSectionChars = maxSectionChars;
        b.maxTableChars = maxTableChars;
        b.tableFragmentChars = tableFragmentChars;
        b.fragmentChars = fragmentChars;
        b.fragmentOverlap = fragmentOverlap;
        return b;
    }

    /**
     * Chunks one document as described in the class documentation.
     *
     * @throws IllegalArgumentException when two sections of the document share an id
     */
    @Override
    public List<Chunk> chunk(Document document) {
        Objects.requireNonNull(document, "document");
        List<Chunk> out = new ArrayList<>();
        for (FlattenedSection s : SectionFlattener.flatten(document)) {
            chunkSection(s, out);
        }
        return List.copyOf(out);
    }

    private void chunkSection(FlattenedSection s, List<Chunk> out) {
        String text = s.text();
        int a = 0;
        int b = text.length();
        while (a < b && Character.isWhitespace(text.charAt(a))) {
            a++;
        }
        while (b > a && Character.isWhitespace(text.charAt(b - 1))) {
            b--;
        }
        if (a == b) {
            return;
        }
        String full = text.substring(a, b);
        out.add(chunk(s, ChunkType.PARENT_SECTION, s.parentSectionId(), Chunk.WHOLE_SECTION, full, a, b, out));
        if (b - a <= maxSectionChars) {
            return;
        }
        List<Piece> pieces = fragments(text);
        for (int i = 0; i < pieces.size(); i++) {
            Piece p = pieces.get(i);
            out.add(chunk(
                    s,
                    p.type(),
                    s.sectionId(),
                    i,
                    p.text(),
                    p.span().start(),
                    p.span().end(),
                    out));
        }
    }

    /** The fragments of a large section's text, in text order. */
    List<Piece> fragments(String text) {
        List<Span> formulas = StructurePreserver.formulas(text);
        List<TableBlock> tables = StructurePreserver.tables(text, formulas);
        List<Piece> pieces = new ArrayList<>();
        int cursor = 0;
        for (TableBlock t : tables) {
            splitText(text, cursor, t.span().start(), formulas, pieces);
            for (TableFragment f : StructurePreserver.fragments(text, t, maxTableChars, tableFragmentChars)) {
                pieces.add(new Piece(ChunkType.TABLE_FRAGMENT, f.rows(), f.text()));
            }
            cursor = t.span().end();
        }
        splitText(text, cursor, text.length(), formulas, pieces);
        pieces.sort(Comparator.comparingInt(p -> p.span().start()));
        return pieces;
    }

    private void splitText(String text, int from, int to, List<Span> formulas, List<Piece> pieces) {
        if (from >= to) {
            return;
        }
        List<Span> inside = new ArrayList<>();
        for (Span f : formulas) {
            if (f.start() >= from && f.end() <= to) {
                inside.add(f);
            }
        }
        for (Span s : splitter.split(text, from, to, inside)) {
            pieces.add(new Piece(ChunkType.SECTION_FRAGMENT, s, text.substring(s.start(), s.end())));
        }
    }

    /** One fragment before it becomes a chunk. */
    record Piece(ChunkType type, Span span, String text) {}

    private static Chunk chunk(
            FlattenedSection s,
            ChunkType type,
            String parentSectionId,
            int fragmentIndex,
            String text,
            int start,
            int end,
            List<Chunk> soFar) {
        String id = ChunkIds.of(s.documentId(), s.sectionId(), type, fragmentIndex, text);
        return new Chunk(
                id,
                s.documentId(),
                s.sectionId(),
                parentSectionId,
                s.path(),
                type,
                fragmentIndex,
                soFar.size(),
                text,
                start,
                end,
                s.pageStart(),
                s.pageEnd());
    }

    /** Lists every option, e.g. {@code SectionChunker[maxSectionChars=2500, …]}. */
    @Override
    public String toString() {
        return "SectionChunker[maxSectionChars=" + maxSectionChars
                + ", maxTableChars=" + maxTableChars
                + ", tableFragmentChars=" + tableFragmentChars
                + ", fragmentChars=" + fragmentChars
                + ", fragmentOverlap=" + fragmentOverlap
                + ", separators=paragraph,line,space,char"
                + ", formulas=$$...$$ kept whole"
                + ", version=" + ALGORITHM_VERSION
                + "]";
    }

    /**
     * Options of a {@link SectionChunker}; every setter rejects a bad value at once. Not thread-safe;
     * the chunker it builds is.
     */
    public static final class Builder {
        private final SetOnce set = new SetOnce();
        private int maxSectionChars = DEFAULT_MAX_SECTION_CHARS;
        private int maxTableChars = DEFAULT_MAX_TABLE_CHARS;
        private int tableFragmentChars = DEFAULT_TABLE_FRAGMENT_CHARS;
        private int fragmentChars = DEFAULT_FRAGMENT_CHARS;
        private int fragmentOverlap = DEFAULT_FRAGMENT_OVERLAP;

        private Builder() {}

        /**
         * Sections up to this many characters (trimmed) stay one atomic chunk; default 2,500.
         *
         * @throws IllegalArgumentException when below 1
         */
        public Builder maxSectionChars(int chars) {
            this.maxSectionChars = positive("maxSectionChars", chars);
            set.record("maxSectionChars", chars);
            return this;
        }

        /**
         * Tables up to this many characters stay one table fragment; default 3,000.
         *
         * @throws IllegalArgumentException when below 1
         */
        public Builder maxTableChars(int chars) {
            this.maxTableChars = positive("maxTableChars", chars);
            set.record("maxTableChars", chars);
            return this;
        }

        /**
         * Target size of the fragments of a larger table, header included; default 1,500. A single row
         * too long for it still gets a fragment of its own.
         *
         * @throws IllegalArgumentException when below 1
         */
        public Builder tableFragmentChars(int chars) {
            this.tableFragmentChars = positive("tableFragmentChars", chars);
            set.record("tableFragmentChars", chars);
            return this;
        }

        /**
         * Maximum size of a text fragment; default 1,200. Only a formula longer than this exceeds it.
         *
         * @throws IllegalArgumentException when below 1
         */
        public Builder fragmentChars(int chars) {
            this.fragmentChars = positive("fragmentChars", chars);
            set.record("fragmentChars", chars);
            return this;
        }

        /**
         * Characters a text fragment may share with the one before it; default 200.
         *
         * @throws IllegalArgumentException when negative
         */
        public Builder fragmentOverlap(int chars) {
            if (chars < 0) {
                throw new IllegalArgumentException("fragmentOverlap must be >= 0, was " + chars);
            }
            this.fragmentOverlap = chars;
            set.record("fragmentOverlap", chars);
            return this;
        }

        /**
         * Builds the chunker.
         *
         * @throws IllegalArgumentException when the overlap is not smaller than the fragment size, or
         *     table fragments would be larger than the largest unsplit table
         */
        public SectionChunker build() {
            if (fragmentOverlap >= fragmentChars) {
                throw new IllegalArgumentException("fragmentOverlap (" + fragmentOverlap
                        + ") must be smaller than fragmentChars (" + fragmentChars
                        + "); lower fragmentOverlap or raise fragmentChars");
            }
            if (tableFragmentChars > maxTableChars) {
                throw new IllegalArgumentException("tableFragmentChars (" + tableFragmentChars
                        + ") must not exceed maxTableChars (" + maxTableChars
                        + "); lower tableFragmentChars or raise maxTableChars");
            }
            return new SectionChunker(this);
        }

        private static int positive(String name, int value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be >= 1, was " + value);
            }
            return value;
        }
    }
}
