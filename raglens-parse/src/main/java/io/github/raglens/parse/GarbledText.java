package io.github.raglens.parse;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * Whether a document's text looks garbled, by two rules, each a sign that a reader gets no usable text:
 *
 * <ul>
 *   <li><b>unmapped glyphs</b>: at least {@value #UNMAPPED_MIN} characters, and at least 1% of the
 *       visible ones, are replacement characters (U+FFFD), private-use, unassigned or control
 *       characters: what a PDF font without a Unicode map gives;
 *   <li><b>very short lines</b>: of at least {@value #SHORT_LINES_MIN} lines with text, at least 40% hold
 *       {@value #SHORT_LINE_CHARS} visible characters or fewer: text set letter by letter or vertically,
 *       read as a line per glyph. The lines of a formula ({@code $$} … {@code $$}) or of code in a fence
 *       are laid out line by line on purpose and are not counted.
 * </ul>
 *
 * Headings, paragraphs and tables (as their rows) are all counted.
 */
final class GarbledText {

    static final int UNMAPPED_MIN = 10;
    static final double UNMAPPED_SHARE = 0.01;
    static final int SHORT_LINES_MIN = 20;
    static final int SHORT_LINE_CHARS = 3;
    static final double SHORT_LINE_SHARE = 0.4;

    /** The lines that open and close a formula or code, whose lines are laid out one by one on purpose. */
    private static final Set<String> FENCES = Set.of("$$", "```", "~~~");

    private long visible;
    private long unmapped;
    private long lines;
    private long shortLines;

    private GarbledText() {}

    /** Why the document's text looks garbled, with what to do; empty when it does not. */
    static Optional<String> of(Document document) {
        GarbledText count = new GarbledText();
        count.section(document.root());
        return count.verdict();
    }

    private void section(Section s) {
        text(s.title());
        text(s.text());
        s.children().forEach(this::section);
    }

    private void text(String text) {
        String fence = null;
        for (String line : text.split("\n", -1)) {
            String t = line.strip();
            int lineVisible = visible(t);
            if (fence == null && FENCES.contains(t)) {
                fence = t;
            } else if (fence != null) {
                fence = t.equals(fence) ? null : fence;
            } else if (lineVisible > 0) {
                lines++;
                shortLines += lineVisible <= SHORT_LINE_CHARS ? 1 : 0;
            }
        }
    }

    /** Counts a line's visible and unmapped characters; returns its visible ones. */
    private int visible(String line) {
        int n = 0;
        for (int i = 0; i < line.length(); ) {
            int cp = line.codePointAt(i);
            i += Character.charCount(cp);
            if (!Character.isWhitespace(cp) && !Character.isSpaceChar(cp)) {
                n++;
                unmapped += isUnmapped(cp) ? 1 : 0;
            }
        }
        visible += n;
        return n;
    }

    private static boolean isUnmapped(int cp) {
        int type = Character.getType(cp);
        return cp == 0xFFFD
                || type == Character.PRIVATE_USE
                || type == Character.UNASSIGNED
                || type == Character.CONTROL
                || type == Character.SURROGATE;
    }

    private Optional<String> verdict() {
        if (unmapped >= UNMAPPED_MIN && unmapped >= UNMAPPED_SHARE * visible) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "text looks garbled: %d of %d characters (%.1f%%) are unmapped glyphs (replacement, private-use"
                            + " or control characters); the file's fonts lack a Unicode map: export it again with"
                            + " embedded Unicode fonts, or OCR it",
                    unmapped,
                    visible,
                    100.0 * unmapped / visible));
        }
        if (lines >= SHORT_LINES_MIN && shortLines >= SHORT_LINE_SHARE * lines) {
            return Optional.of(String.format(
                    Locale.ROOT,
                    "text looks garbled: %d of %d lines (%.0f%%) hold %d characters or fewer, as text read a letter"
                            + " at a time does; check how the file sets its text (vertical or letter-spaced)",
                    shortLines,
                    lines,
                    100.0 * shortLines / lines,
                    SHORT_LINE_CHARS));
        }
        return Optional.empty();
    }
}
