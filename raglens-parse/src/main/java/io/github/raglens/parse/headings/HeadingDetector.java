package io.github.raglens.parse.headings;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Captions;
import io.github.raglens.parse.layout.Line;
import io.github.raglens.parse.layout.Rows;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Finds headings without an outline, from font statistics and numbering. The body size is the font
 * size carrying most characters; a heading line is short, bold or larger than the body, and not a
 * caption; at the body's size and weight, a numbered or well-known heading set in italics or capitals
 * (small capitals included) is one too, and a numbered bold or italic lead-in opens a section that the
 * rest of its line begins. Its level comes from its numbering (letters under Roman numerals one level
 * down), or else from the rank of its style among heading styles (aligned with the levels numbered
 * headings of the same style have).
 */
public final class HeadingDetector {

    private static final Pattern FRONT_ANCHOR =
            Pattern.compile("^(abstract|introduction|contents|summary|preface)\\b.*", Pattern.CASE_INSENSITIVE);

    private static final Pattern KNOWN_SECTION = Pattern.compile(
            "^(abstract|introduction|related work|background|methods?|methodology|experiments?|results|discussion"
                    + "|conclusions?|limitations|acknowledge?ments?|references|bibliography|appendix|appendices"
                    + "|supplementary material|ethics statement|broader impacts?|future work|contents"
                    + "|table of contents|summary|preface|foreword|index|glossary|notices|trademarks)\\b.*",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern THREE_LETTERS = Pattern.compile(".*\\p{L}{3}.*");
    private static final Pattern SPACES = Pattern.compile("\\s+");

    private HeadingDetector() {}

    public static float bodySize(List<Line> lines) {
        // counted per run of a line's words of one size, not per word: the same sizes reach the map in
        // the same order, so the same size wins a tie
        Map<Float, Integer> chars = new HashMap<>();
        for (Line line : lines) {
            List<Word> words = line.words();
            float size = words.getFirst().size();
            int run = 0;
            for (Word w : words) {
                if (Float.compare(w.size(), size) != 0) {
                    chars.merge(size, run, Integer::sum);
                    size = w.size();
                    run = 0;
                }
                run += w.text().length();
            }
            chars.merge(size, run, Integer::sum);
        }
        float best = 10f;
        int most = -1;
        for (Map.Entry<Float, Integer> e : chars.entrySet()) {
            if (e.getValue() > most) {
                most = e.getValue();
                best = e.getKey();
            }
        }
        return best;
    }

    public static Headings detect(List<Line> lines, float body, Set<Line> titleLines) {
        boolean boldBody = boldBody(lines, body);
        Map<Long, Float> rightEdges = rightEdges(lines);
        List<Integer> lookAlikes = new ArrayList<>();
        Set<String> asked = new java.util.HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            if (!titleLines.contains(line)
                    && (looksLikeHeading(line, body, boldBody) || RunIns.numbered(line, body, boldBody))
                    && !opensParagraph(lines, i, body, rightEdges)) {
                lookAlikes.add(i);
                Map<String, Integer> own = ownWords(line);
                if (count(own) >= 5) {
                    asked.addAll(own.keySet());
                }
            }
        }
        // only the words of the longer look-alikes are looked up in the document, so only they are counted
        Map<String, Integer> vocabulary = asked.isEmpty() ? Map.of() : vocabulary(lines, asked);
        List<Integer> candidates = new ArrayList<>();
        for (int i : lookAlikes) {
            if (wordsOfTheDocument(lines.get(i), vocabulary)) {
                candidates.add(i);
            }
        }
        // front matter (authors, affiliations) precedes the abstract or the first numbered heading, or
        // stands above it in another column (authors set side by side); a line there in the style of the
        // numbered headings with a paragraph under it is an unnumbered heading of the document (authors
        // set in that style have affiliations under them). An author's initial ("F. Moreau") reads like an
        // appendix's letter, which never opens a document: letters neither anchor nor give a style.
        Set<String> candidateNumberedStyles = new java.util.HashSet<>();
        for (int i : candidates) {
            if (Numbering.level(lines.get(i).text()) > 0
                    && !Numbering.lettered(lines.get(i).text())) {
                candidateNumberedStyles.add(style(lines.get(i)));
            }
        }
        int anchor = -1;
        for (int i : candidates) {
            Line line = lines.get(i);
            if (line.page() > 1) {
                break;
            }
            String t = line.text();
            if (Numbering.level(t) > 0 && !Numbering.lettered(t)
                    || FRONT_ANCHOR.matcher(t).matches()) {
                anchor = i;
                break;
            }
        }
        // where running text starts in each column of the first page
        Map<Integer, Float> firstText = new HashMap<>();
        for (Line line : lines) {
            if (line.page() == 1 && line.words().size() >= 5 && Math.abs(line.size() - body) <= 0.5f) {
                firstText.merge(line.column(), line.top(), Math::min);
            }
        }
        List<Integer> kept = new ArrayList<>();
        for (int i : candidates) {
            Line line = lines.get(i);
            if (line.page() == 1
                    && anchor >= 0
                    && (i < anchor || aboveInAnotherColumn(line, lines.get(anchor), firstText))
                    && !(candidateNumberedStyles.contains(style(line)) && paragraphFollows(lines, i, body))) {
                continue;
            }
            kept.add(i);
        }
        // in a numbered document, an unnumbered line is a heading only in a numbered heading's style, and
        // where those stand (a diagram's title in that style is centred over it, not at its column's
        // start), or under a well-known section name; large text in figures has neither
        int numbered = 0;
        // per style, how many more of its numbered headings start at their column's edge than do not
        Map<String, Integer> numberedStyles = new HashMap<>();
        LeftEdges leftEdges = leftEdges(lines);
        for (int i : kept) {
            Line line = lines.get(i);
            if (Numbering.level(line.text()) > 0) {
                numbered++;
                numberedStyles.merge(style(line), flushLeft(line, leftEdges) ? 1 : -1, Integer::sum);
            }
        }
        if (numbered >= 3) {
            List<Integer> strict = new ArrayList<>();
            for (int i : kept) {
                Line line = lines.get(i);
                String t = line.text();
                Integer flush = numberedStyles.get(style(line));
                if (Numbering.level(t) > 0
                        || flush != null && (flush <= 0 || flushLeft(line, leftEdges))
                        || KNOWN_SECTION.matcher(t).matches()) {
                    strict.add(i);
                }
            }
            kept = strict;
        }
        kept = consistentNumbering(lines, kept);
        // levels of numbered headings per style, to place unnumbered ones of the same style
        Map<String, Integer> styleLevel = new HashMap<>();
        Set<Float> sizes = new TreeSet<>(Collections.reverseOrder());
        for (int i : kept) {
            Line line = lines.get(i);
            sizes.add(styleSize(line));
            int level = Numbering.level(line.text());
            if (level > 0) {
                styleLevel.merge(style(line), level, Math::min);
            }
        }
        List<Float> ranked = new ArrayList<>(sizes);
        // sections numbered I, II, III have their subsections lettered A, B, C
        int romanSections = 0;
        for (int i : kept) {
            romanSections += Numbering.roman(lines.get(i).text()) ? 1 : 0;
        }
        Map<Line, HeadingCandidate> startsAt = new IdentityHashMap<>();
        Set<Line> consumed = Collections.newSetFromMap(new IdentityHashMap<>());
        int previousLevel = 0;
        for (int k = 0; k < kept.size(); k++) {
            int i = kept.get(k);
            Line line = lines.get(i);
            if (consumed.contains(line)) {
                continue;
            }
            StringBuilder title = new StringBuilder(line.text());
            consumed.add(line);
            // a heading wrapped over two lines: same style, right below, not numbered itself; its second
            // line need not look like a heading of its own (it may start lower-case, or under the title's
            // first word rather than at the column's edge) when the first line, all heading, was full
            boolean wholeLine = looksLikeHeading(line, body, boldBody)
                    && RunIns.tail(line, body) == null
                    && RunIns.sentenceTail(line) == null;
            int j = i + 1;
            while (j < lines.size() && continuation(lines.get(j - 1), lines.get(j))) {
                boolean candidate = k + 1 < kept.size() && kept.get(k + 1) == j;
                if (!candidate && !(wholeLine && wrapped(lines.get(j - 1), lines.get(j), rightEdges))) {
                    break;
                }
                title.append(' ').append(lines.get(j).text());
                consumed.add(lines.get(j));
                if (candidate) {
                    k++;
                }
                j++;
            }
            int level = Numbering.level(line.text());
            if (romanSections >= 2 && Numbering.number(line.text()).matches("[A-Z]")) {
                level = 2;
            } else if (Numbering.parenthesised(line.text())) {
                level = Math.min(previousLevel + 1, 6); // "1)" sits under the heading before it
            }
            if (level == 0) {
                Integer byStyle = styleLevel.get(style(line));
                level = byStyle != null ? byStyle : 1 + ranked.indexOf(styleSize(line));
                level = Math.max(1, Math.min(level, 6));
            }
            startsAt.put(line, new HeadingCandidate(title.toString(), level, line.page()));
            if (!Numbering.parenthesised(line.text())) {
                previousLevel = level;
            }
        }
        // a line whose bold lead-in runs on into its paragraph: a numbered lead-in opens its section and
        // hands the rest of the line to the paragraph; an unnumbered one at the body size is a run-in
        // heading, which outlines leave out, so its line stays whole in the paragraph it opens
        Map<Line, Line> rest = new IdentityHashMap<>();
        for (Line line : lines) {
            HeadingCandidate h = startsAt.get(line);
            Line tail = h == null ? null : RunIns.tail(line, body);
            if (tail == null && h != null && Numbering.level(line.text()) > 0) {
                tail = RunIns.sentenceTail(line);
            }
            if (tail == null || continuedBelow(line, lines, consumed)) {
                continue;
            }
            if (Numbering.level(line.text()) > 0 || larger(line.size(), body)) {
                startsAt.put(line, new HeadingCandidate(RunIns.lead(line, tail), h.level(), h.page()));
                rest.put(line, tail);
            } else {
                startsAt.remove(line);
                consumed.remove(line);
            }
        }
        return new Headings(startsAt, consumed, Map.of(), rest);
    }

    /** Whether most characters at the body size are bold: then bold sets no heading apart. */
    static boolean boldBody(List<Line> lines, float body) {
        long bold = 0;
        long all = 0;
        for (Line line : lines) {
            for (Word w : line.words()) {
                if (w.size() == body) {
                    all += w.text().length();
                    bold += w.bold() ? w.text().length() : 0;
                }
            }
        }
        return bold * 2 > all;
    }

    /** How often the document writes each of the asked words (as {@link #wordKey} keys them). */
    private static Map<String, Integer> vocabulary(List<Line> lines, Set<String> asked) {
        Map<String, Integer> counts = new HashMap<>();
        for (Line line : lines) {
            for (Word w : line.words()) {
                String word = wordKey(w.text());
                if (asked.contains(word)) {
                    counts.merge(word, 1, Integer::sum);
                }
            }
        }
        return counts;
    }

    /** A line's words of three letters or more, lower-cased, and how often it writes each. */
    private static Map<String, Integer> ownWords(Line line) {
        Map<String, Integer> own = new HashMap<>();
        for (Word w : line.words()) {
            String word = wordKey(w.text());
            if (!word.isEmpty()) {
                own.merge(word, 1, Integer::sum);
            }
        }
        return own;
    }

    private static int count(Map<String, Integer> words) {
        int n = 0;
        for (int c : words.values()) {
            n += c;
        }
        return n;
    }

    /** A word's letters in lower case, or "" for fewer than three: read character by character, for every word. */
    private static String wordKey(String text) {
        String lower = text.toLowerCase(Locale.ROOT);
        StringBuilder letters = null;
        for (int i = 0; i < lower.length(); ) {
            int c = lower.codePointAt(i);
            int next = i + Character.charCount(c);
            if (!Character.isLetter(c) && letters == null) {
                letters = new StringBuilder(lower.length()).append(lower, 0, i);
            } else if (Character.isLetter(c) && letters != null) {
                letters.appendCodePoint(c);
            }
            i = next;
        }
        String word = letters == null ? lower : letters.toString();
        return word.length() >= 3 ? word : "";
    }

    /**
     * Whether a title's words are the document's words: a heading of five words or more shares at least
     * a quarter of them with the rest of the document. Letters of a figure's rotated labels, extracted
     * run together into a line ("In ttp enu tito-nIn Vip suu"), are no words the text uses.
     *
     * @param vocabulary how often the document writes each word, for the words of the lines of five words or more
     */
    private static boolean wordsOfTheDocument(Line line, Map<String, Integer> vocabulary) {
        Map<String, Integer> own = ownWords(line);
        int words = 0;
        int elsewhere = 0;
        for (Map.Entry<String, Integer> e : own.entrySet()) {
            words += e.getValue();
            if (vocabulary.getOrDefault(e.getKey(), 0) > e.getValue()) {
                elsewhere += e.getValue();
            }
        }
        return words < 5 || elsewhere * 4 >= words;
    }

    /** Where each page's columns start (by {@link Line#columnKey()}), and each page (by page number). */
    private record LeftEdges(Map<Long, Float> columns, Map<Integer, Float> pages) {}

    /** Where columns and pages start: the leftmost start of a line of five words or more, so a stray label does not move it. */
    private static LeftEdges leftEdges(List<Line> lines) {
        LeftEdges edges = new LeftEdges(new HashMap<>(), new HashMap<>());
        for (Line line : lines) {
            if (line.words().size() >= 5) {
                edges.columns().merge(line.columnKey(), line.x0(), Math::min);
                edges.pages().merge(line.page(), line.x0(), Math::min);
            }
        }
        return edges;
    }

    /** Whether a line starts at its column's left edge, within an em (true where the edge is unknown). */
    private static boolean flushLeft(Line line, LeftEdges leftEdges) {
        Float edge = leftEdges
                .columns()
                .getOrDefault(line.columnKey(), leftEdges.pages().get(line.page()));
        return edge == null || Math.abs(line.x0() - edge) <= line.size();
    }

    /** The right edge of the text of each column of each page, by {@link Line#columnKey()}. */
    private static Map<Long, Float> rightEdges(List<Line> lines) {
        Map<Long, Float> edges = new HashMap<>();
        for (Line line : lines) {
            edges.merge(line.columnKey(), line.x1(), Math::max);
        }
        return edges;
    }

    /**
     * Whether a line is the first line of a paragraph rather than a heading: not numbered, hardly larger
     * than the body, running to its column's right edge, and followed at the normal line spacing by at
     * least two lines of body text no larger than it, as a wrapped paragraph is. A heading ends short of
     * the edge, or wraps once at most, and stands apart from the text below it.
     */
    private static boolean opensParagraph(List<Line> lines, int i, float body, Map<Long, Float> rightEdges) {
        Line line = lines.get(i);
        if (Numbering.level(line.text()) > 0 || line.size() >= 1.25f * body) {
            return false;
        }
        float edge = rightEdges.get(line.columnKey());
        if (line.x1() < edge - Math.max(line.size(), 0.08f * (edge - line.x0()))) {
            return false;
        }
        int following = 0;
        Line previous = line;
        for (int j = i + 1; j < lines.size() && following < 2; j++) {
            Line next = lines.get(j);
            if (next.page() != line.page()
                    || next.column() != line.column()
                    || next.size() > line.size() + 0.3f
                    || next.size() < body - 0.6f
                    || next.bottom() - previous.bottom() > 1.6f * line.size()) {
                break;
            }
            following++;
            previous = next;
        }
        return following == 2;
    }

    /**
     * Drops numbered lines that break the document's numbering: in a document with numbered sections,
     * a subsection number (3.1, 3.1.2) needs its section (3) before it; appendix numbers (A.1) may follow
     * an "Appendix A" heading, which carries no number of this form. Chart ticks followed by a label
     * (0.4 SFT) and numbers quoted from elsewhere look like numbered headings but have none.
     */
    private static List<Integer> consistentNumbering(List<Line> lines, List<Integer> kept) {
        int sections = 0;
        for (int i : kept) {
            String number = Numbering.number(lines.get(i).text());
            sections += !number.isEmpty() && number.indexOf('.') < 0 ? 1 : 0;
        }
        if (sections < 2) {
            return kept; // sections numbered otherwise ("Chapter 3", "IV.") or not at all
        }
        Set<String> seen = new java.util.HashSet<>();
        List<Integer> out = new ArrayList<>();
        for (int i : kept) {
            String number = Numbering.number(lines.get(i).text());
            int dot = number.indexOf('.');
            if (dot > 0 && Character.isDigit(number.charAt(0)) && !seen.contains(number.substring(0, dot))) {
                continue;
            }
            if (!number.isEmpty()) {
                seen.add(number);
            }
            out.add(i);
        }
        return out;
    }

    /** Whether a heading's title went on to the next line, so its own line holds no paragraph words. */
    private static boolean continuedBelow(Line line, List<Line> lines, Set<Line> consumed) {
        int i = lines.indexOf(line);
        return i + 1 < lines.size() && consumed.contains(lines.get(i + 1));
    }

    /**
     * Whether line {@code b} goes on with the words of line {@code a} that did not fit: the same type
     * (italics and small capitals too), and {@code a} full, its column's edge too close for {@code b}'s
     * first word.
     */
    private static boolean wrapped(Line a, Line b, Map<Long, Float> rightEdges) {
        if (Math.abs(a.italicShare() - b.italicShare()) >= 0.5
                || Math.abs(a.smallCapsShare() - b.smallCapsShare()) >= 0.5
                || b.words().size() > 14) {
            return false;
        }
        Word first = b.words().getFirst();
        float space = 0.25f * a.size();
        float edge = rightEdges.get(a.columnKey());
        return a.x1() + space + (first.x1() - first.x0()) > edge - space;
    }

    private static boolean continuation(Line a, Line b) {
        return a.page() == b.page()
                && a.column() == b.column()
                && style(a).equals(style(b))
                && b.top() - a.bottom() < 0.9f * a.size()
                && Numbering.level(b.text()) == 0
                && !a.text().endsWith(".");
    }

    /**
     * Whether a line stands in another column than the anchor, higher than it and than any running text
     * of its own column: beside the front matter, not a heading set at the top of the next column.
     */
    private static boolean aboveInAnotherColumn(Line line, Line anchor, Map<Integer, Float> firstText) {
        return line.column() != anchor.column()
                && line.bottom() < anchor.top()
                && line.bottom() <= firstText.getOrDefault(line.column(), Float.MAX_VALUE);
    }

    /**
     * Whether the line after line i is a line of running text: body size, eight words or more, most of
     * them lower-case (a line of author names is capitalised).
     */
    private static boolean paragraphFollows(List<Line> lines, int i, float body) {
        if (i + 1 >= lines.size()) {
            return false;
        }
        Line next = lines.get(i + 1);
        int lower = 0;
        for (Word w : next.words()) {
            lower += Character.isLowerCase(w.text().codePointAt(0)) ? 1 : 0;
        }
        return Math.abs(next.size() - body) <= 0.5f
                && next.words().size() >= 8
                && lower * 2 >= next.words().size();
    }

    private static String style(Line line) {
        return line.size() + (line.boldShare() >= 0.8 ? "b" : "");
    }

    /**
     * Whether a line's title (its numbering aside) is in capitals: four letters or more, none lower-case,
     * or set in a small-capitals font, whose lower-case letters are drawn as capitals.
     */
    private static boolean capitals(Line line) {
        boolean smallCaps = line.smallCapsShare() >= 0.8;
        if (!smallCaps && hasLowerCase(line.text())) {
            // asked of nearly every line: no numbering holds a lower-case letter, so one in the line is
            // one in its title, and the numbering need not be read
            return false;
        }
        String rest = Numbering.strip(line.text());
        if (smallCaps) {
            return rest.codePoints().filter(Character::isLetter).count() >= 4;
        }
        int letters = 0;
        for (int i = 0; i < rest.length(); i++) {
            char c = rest.charAt(i);
            if (Character.isLowerCase(c)) {
                return false;
            }
            letters += Character.isLetter(c) ? 1 : 0;
        }
        return letters >= 4;
    }

    private static boolean hasLowerCase(String text) {
        for (int i = 0; i < text.length(); i++) {
            if (Character.isLowerCase(text.charAt(i))) {
                return true;
            }
        }
        return false;
    }

    private static float styleSize(Line line) {
        return line.size() + (line.boldShare() >= 0.8 ? 0.25f : 0f);
    }

    /**
     * Whether type of this size stands out from the body by size alone: a point larger than an 11 or
     * 12 pt body (LaTeX's {@code \large} subsections in an 11 pt paper are 12 pt), two points larger
     * than a 9 or 10 pt one.
     */
    private static boolean larger(float size, float body) {
        return size >= 1.08f * body;
    }

    /**
     * Whether a line's words stand apart, {@linkplain Rows#wideGap wide gaps} between them: a table's
     * row (its bold header row reads like a heading) or a diagram's labels, where a heading has such a
     * gap only after its number.
     */
    private static boolean cellsApart(Line line) {
        List<Word> words = line.words();
        boolean numbered = Numbering.level(line.text()) > 0;
        for (int i = 1; i < words.size(); i++) {
            if (Rows.wideGap(words.get(i - 1), words.get(i)) && !(i == 1 && numbered)) {
                return true;
            }
        }
        return false;
    }

    /** Whether a line looks like a heading in a document whose body text is not bold. */
    public static boolean looksLikeHeading(Line line, float body) {
        return looksLikeHeading(line, body, false);
    }

    /**
     * Whether a line looks like a heading next to body text of the given size and weight: short, not a
     * caption or formula, and larger than the body, or bold where the body is not.
     */
    public static boolean looksLikeHeading(Line line, float body, boolean boldBody) {
        String text = line.text();
        if (text.length() < 2 || text.length() > 110 || line.words().size() > 14) {
            return false;
        }
        float size = line.size();
        if (size > 2.5f * body) {
            return false;
        }
        boolean bold = line.boldShare() >= 0.8 && !boldBody;
        boolean larger = larger(size, body);
        if (bold || larger) {
            if (size < body - 0.6f) {
                return false;
            }
        } else {
            // a heading set apart from the body only by italics or capitals (IEEE's "II. RELATED WORK",
            // "A. Datasets") is one when numbered or a well-known section's name: a line of emphasis is
            // neither; small capitals are set smaller than the body
            boolean capitals = capitals(line);
            if (size < (capitals ? 0.7f * body : body - 0.6f)
                    || !(line.italicShare() >= 0.8 || capitals)
                    || !(Numbering.level(text) > 0
                            || KNOWN_SECTION.matcher(text).matches())) {
                return false;
            }
        }
        if (Captions.floatLabel(text) || line.mathShare() > 0.3 || cellsApart(line)) {
            return false;
        }
        char last = text.charAt(text.length() - 1);
        if (last == ',' || last == ';' || last == '-' || last == '=') {
            return false;
        }
        int level = Numbering.level(text);
        String rest = level > 0 ? Numbering.strip(text) : text;
        if (rest.isEmpty()
                || !Character.isLetter(rest.codePointAt(0))
                || !THREE_LETTERS.matcher(rest).matches()) {
            return false;
        }
        if (text.contains("...") || text.contains("\u2026")) {
            return false;
        }
        List<String> words = List.of(SPACES.split(text.toLowerCase(Locale.ROOT)));
        if (words.size() >= 3 && new java.util.HashSet<>(words).size() < 0.6 * words.size()) {
            return false; // repeated labels of a figure, not a title
        }
        if (level == 0) {
            if (!Character.isUpperCase(rest.codePointAt(0)) || line.words().size() > 10) {
                return false;
            }
            if (last == '.' && !larger) {
                return false;
            }
        }
        int letters = 0;
        for (int i = 0; i < text.length(); i++) {
            if (Character.isLetter(text.charAt(i))) {
                letters++;
            }
        }
        return letters >= 2 && letters * 2 >= text.replace(" ", "").length()
                || text.toLowerCase(Locale.ROOT).startsWith("chapter");
    }
}
