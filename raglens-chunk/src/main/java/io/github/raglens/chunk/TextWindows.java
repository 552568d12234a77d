package io.github.raglens.chunk;

import io.github.raglens.chunk.StructurePreserver.Span;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Document;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/**
 * What {@link SlidingWindowChunker} and {@link RecursiveChunker} share: the checks of a window size
 * and its overlap, and cutting a document's joined text ({@link DocumentText}) into windows that
 * become chunks. Only the way the windows are cut differs: at fixed steps, or at the best separator
 * ({@link RecursiveSplitter}). Immutable and thread-safe.
 */
final class TextWindows {

    private final Function<String, List<Span>> cut;

    private TextWindows(Function<String, List<Span>> cut) {
        this.cut = cut;
    }

    /** Windows of {@code size} characters starting every {@code size - overlap} characters. */
    static TextWindows sliding(int size, int overlap) {
        checkFits("size", size, overlap);
        return new TextWindows(text -> slide(text, size, size - overlap));
    }

    /** Windows of at most {@code size} characters cut at paragraph, line, word or character breaks. */
    static TextWindows recursive(int size, int overlap) {
        RecursiveSplitter splitter = new RecursiveSplitter(size, overlap);
        return new TextWindows(text -> splitter.split(text, 0, text.length(), List.of()));
    }

    /** The document's chunks, one per window. */
    List<Chunk> chunk(Document document) {
        Objects.requireNonNull(document, "document");
        DocumentText doc = new DocumentText(document);
        return doc.toChunks(document.id(), cut.apply(doc.text()));
    }

    private static List<Span> slide(String text, int size, int step) {
        int n = text.length();
        List<Span> windows = new ArrayList<>();
        for (int start = 0; start < n; start += step) {
            int end = Math.min(start + size, n);
            windows.add(new Span(start, end));
            if (end == n) {
                break;
            }
        }
        return windows;
    }

    /**
     * Checks a window size option.
     *
     * @param option the builder option, for the message, e.g. {@code windowChars}
     * @throws IllegalArgumentException when below 1
     */
    static int checkSize(String option, int chars) {
        if (chars < 1) {
            throw new IllegalArgumentException(option + " must be >= 1, was " + chars);
        }
        return chars;
    }

    /**
     * Checks an overlap option.
     *
     * @throws IllegalArgumentException when negative
     */
    static int checkOverlap(int chars) {
        if (chars < 0) {
            throw new IllegalArgumentException("overlapChars must be >= 0, was " + chars);
        }
        return chars;
    }

    /**
     * Checks that the overlap is smaller than the window.
     *
     * @param sizeOption the size option, for the message
     * @throws IllegalArgumentException naming both options and the fix
     */
    static void checkFits(String sizeOption, int size, int overlap) {
        if (overlap >= size) {
            throw new IllegalArgumentException("overlapChars (" + overlap + ") must be smaller than " + sizeOption
                    + " (" + size + "); lower overlapChars or raise " + sizeOption);
        }
    }
}
