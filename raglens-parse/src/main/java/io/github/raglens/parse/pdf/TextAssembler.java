package io.github.raglens.parse.pdf;

import io.github.raglens.model.Table;
import io.github.raglens.parse.document.SectionTreeBuilder;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.headings.HeadingCandidate;
import io.github.raglens.parse.headings.Headings;
import io.github.raglens.parse.layout.Line;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Turns lines in reading order into paragraphs, display formulas and headings of a section tree:
 * lines are joined into paragraphs (a hyphen at a line end removed unless the document's own word
 * frequencies show a compound) and a paragraph breaks at a
 * vertical gap, an indent after a sentence end, or a short line that ends a sentence.
 */
final class TextAssembler {

    /** The parts of a word without hyphens: none besides the word itself. */
    private static final String[] NO_PARTS = {};

    private final SectionTreeBuilder tree;
    /** The right and left edges of each page's columns, by {@link Line#columnKey()}. */
    private final Map<Long, Float> columnRight = new HashMap<>();

    private final Map<Long, Float> columnLeft = new HashMap<>();

    private final Map<String, Integer> frequency = new HashMap<>();
    private final StringBuilder paragraph = new StringBuilder();
    private final List<Line> formula = new ArrayList<>();
    private final List<StringBuilder> notes = new ArrayList<>();
    private final List<Integer> notePages = new ArrayList<>();
    private Line previous;
    private int paragraphPage;

    TextAssembler(SectionTreeBuilder tree, List<Line> lines) {
        this.tree = tree;
        for (Line line : lines) {
            long key = line.columnKey();
            columnRight.merge(key, line.x1(), Math::max);
            columnLeft.merge(key, line.x0(), Math::min);
            List<Word> words = line.words();
            for (int i = 0; i < words.size(); i++) {
                String w = words.get(i).text();
                if (i == words.size() - 1 && w.endsWith("-")) {
                    continue; // a word broken at the line end is not a word of the document
                }
                String word = bare(w);
                if (!word.isEmpty()) {
                    frequency.merge(word, 1, Integer::sum);
                    for (String part : word.indexOf('-') < 0 ? NO_PARTS : word.split("-")) {
                        if (!part.isEmpty() && part.length() < word.length()) {
                            frequency.merge(part, 1, Integer::sum);
                        }
                    }
                }
            }
        }
    }

    /**
     * A word in lower case without what surrounds its letters and numbers (punctuation, symbols); a
     * scan rather than a regular expression, as it runs on every word of the document.
     */
    private static String bare(String word) {
        String lower = word.toLowerCase(Locale.ROOT);
        int start = 0;
        while (start < lower.length() && !letterOrNumber(lower.codePointAt(start))) {
            start += Character.charCount(lower.codePointAt(start));
        }
        int end = lower.length();
        while (end > start && !letterOrNumber(lower.codePointBefore(end))) {
            end -= Character.charCount(lower.codePointBefore(end));
        }
        return lower.substring(start, end);
    }

    /** Whether a code point is in Unicode's letter (L) or number (N) categories, as {@code \p{L}} and {@code \p{N}}. */
    private static boolean letterOrNumber(int cp) {
        int type = Character.getType(cp);
        return Character.isLetter(cp)
                || type == Character.DECIMAL_DIGIT_NUMBER
                || type == Character.LETTER_NUMBER
                || type == Character.OTHER_NUMBER;
    }

    /**
     * Whether a hyphen at a line end belongs to a compound ("machine-readable") rather than a word
     * broken in two: the document writes the hyphenated form more often than the joined one, or never
     * writes the joined word while it writes both halves as words of their own.
     */
    private boolean compound(String left, String right) {
        String l = bare(left);
        String r = bare(right);
        if (l.isEmpty() || r.isEmpty()) {
            return false;
        }
        int joined = frequency.getOrDefault(l + r, 0);
        int hyphenated = frequency.getOrDefault(l + "-" + r, 0);
        return hyphenated > joined
                || joined == 0 && frequency.getOrDefault(l, 0) > 0 && frequency.getOrDefault(r, 0) > 0;
    }

    /**
     * Builds the section tree from the pieces in reading order. The lines of footnotes are kept out of
     * the paragraph running past them; each note becomes a paragraph of its own after the text of the
     * section it appears in.
     */
    void assemble(List<Piece> pieces, Headings headings, Set<Line> titleLines, Footnotes.Result footnotes) {
        for (Piece piece : pieces) {
            switch (piece) {
                case Piece.TablePiece(Table table) -> {
                    flush();
                    tree.table(table);
                }
                case Piece.LinePiece(Line line) -> line(line, headings, titleLines, footnotes);
            }
        }
        flush();
        flushNotes();
    }

    /** Adds a line: the headings it opens, then its text to a footnote, a formula or the paragraph. */
    private void line(Line line, Headings headings, Set<Line> titleLines, Footnotes.Result footnotes) {
        List<HeadingCandidate> before = headings.before().get(line);
        if (before != null) {
            flush();
            flushNotes();
            for (HeadingCandidate h : before) {
                tree.heading(h.title(), h.level(), h.page() > 0 ? h.page() : line.page());
            }
        }
        HeadingCandidate h = headings.startsAt().get(line);
        if (h != null) {
            flush();
            flushNotes();
            tree.heading(h.title(), h.level(), line.page());
            Line rest = headings.rest().get(line);
            if (rest == null) {
                return;
            }
            line = rest; // a run-in heading's paragraph starts on its line
        }
        if (headings.consumed().contains(line) || titleLines.contains(line)) {
            return;
        }
        if (footnotes.lines().contains(line)) {
            if (footnotes.starts().contains(line) || notes.isEmpty()) {
                notes.add(new StringBuilder());
                notePages.add(line.page());
            }
            join(notes.getLast(), line);
            return;
        }
        if (isFormula(line)) {
            flushParagraph();
            formula.add(line);
            return;
        }
        flushFormula();
        if (!paragraph.isEmpty() && breaks(previous, line)) {
            flushParagraph();
        }
        append(line);
    }

    private boolean isFormula(Line line) {
        int chars = line.charCount();
        if (chars < 3) {
            return !formula.isEmpty() && line.mathShare() > 0.5;
        }
        double math = line.mathShare();
        if (math >= 0.5) {
            return true;
        }
        String text = line.text();
        return math >= 0.25 && text.contains("=") && line.words().size() <= 16 && !text.endsWith(".");
    }

    private boolean breaks(Line a, Line b) {
        char last = paragraph.charAt(paragraph.length() - 1); // not toString(): asked for every line of a paragraph
        boolean sentenceEnd = last == '.' || last == '!' || last == '?' || last == ':';
        if (a.page() != b.page() || a.column() != b.column()) {
            // a paragraph may continue into the next column or page
            return sentenceEnd || !Character.isLowerCase(b.text().codePointAt(0));
        }
        float size = Math.max(a.size(), 1f);
        float gap = b.top() - a.bottom();
        if (gap > 0.9f * size || gap < -2f * size) {
            return true;
        }
        if (Math.abs(a.size() - b.size()) > 1.5f) {
            return true;
        }
        long key = a.columnKey();
        float right = columnRight.getOrDefault(key, a.x1());
        float left = columnLeft.getOrDefault(key, a.x0());
        float width = Math.max(1f, right - left);
        if (sentenceEnd && a.x1() < right - 0.12f * width) {
            return true; // a short last line ends the paragraph
        }
        return sentenceEnd && b.x0() > a.x0() + 0.8f * size && b.x0() - left > 0.8f * size;
    }

    private void append(Line line) {
        if (paragraph.isEmpty()) {
            paragraphPage = line.page();
        }
        join(paragraph, line);
        previous = line;
    }

    /** Appends a line to a text, joining a word broken at the line end unless it is a compound. */
    private void join(StringBuilder text, Line line) {
        String next = line.text();
        if (text.isEmpty()) {
            text.append(next);
            return;
        }
        int n = text.length();
        boolean hyphen = n >= 2
                && text.charAt(n - 1) == '-'
                && Character.isLowerCase(text.charAt(n - 2))
                && Character.isLowerCase(next.codePointAt(0));
        if (hyphen) {
            int start = text.lastIndexOf(" ") + 1;
            String left = text.substring(start, n - 1);
            String right = line.words().getFirst().text();
            if (!compound(left, right)) {
                text.setLength(n - 1);
            }
            text.append(next);
        } else {
            text.append(' ').append(next);
        }
    }

    private void flush() {
        flushParagraph();
        flushFormula();
    }

    private void flushParagraph() {
        if (!paragraph.isEmpty()) {
            tree.paragraph(paragraph.toString(), paragraphPage);
            paragraph.setLength(0);
        }
        previous = null;
    }

    private void flushNotes() {
        for (int i = 0; i < notes.size(); i++) {
            tree.paragraph(notes.get(i).toString(), notePages.get(i));
        }
        notes.clear();
        notePages.clear();
    }

    private void flushFormula() {
        if (formula.isEmpty()) {
            return;
        }
        StringBuilder b = new StringBuilder("$$\n");
        for (Line line : formula) {
            b.append(line.text()).append('\n');
        }
        b.append("$$");
        tree.paragraph(b.toString(), formula.getFirst().page());
        formula.clear();
    }
}
