package io.github.raglens.parse;

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
 * caption. Its level comes from its numbering, or else from the rank of its style among heading
 * styles (aligned with the levels numbered headings of the same style have).
 */
final class HeadingDetector {

    private static final Pattern CAPTION = Pattern.compile(
            "^(table|tab\\.|figure|fig\\.|algorithm|listing|equation|eq\\.)\\s*[0-9IVX].*", Pattern.CASE_INSENSITIVE);
    private static final Pattern FRONT_ANCHOR =
            Pattern.compile("^(abstract|introduction|contents|summary|preface)\\b.*", Pattern.CASE_INSENSITIVE);

    private static final Pattern KNOWN_SECTION = Pattern.compile(
            "^(abstract|introduction|related work|background|methods?|methodology|experiments?|results|discussion"
                    + "|conclusions?|limitations|acknowledge?ments?|references|bibliography|appendix|appendices"
                    + "|supplementary material|ethics statement|broader impacts?|future work|contents"
                    + "|table of contents|summary|preface|foreword|index|glossary|notices|trademarks)\\b.*",
            Pattern.CASE_INSENSITIVE);

    private static final Pattern STATEMENT = Pattern.compile(
            "^(theorem|lemma|definition|proof|corollary|proposition|remark|example|note|notes|claim|step|case)\\b.*",
            Pattern.CASE_INSENSITIVE);

    /**
     * Result: the heading starting at a line, the lines that belong to a heading, the headings placed
     * before a line, and for a run-in heading the rest of its line, which starts a paragraph.
     */
    record Result(
            Map<Line, HeadingCandidate> startsAt,
            Set<Line> consumed,
            Map<Line, List<HeadingCandidate>> before,
            Map<Line, Line> rest) {}

    private HeadingDetector() {}

    static float bodySize(List<Line> lines) {
        Map<Float, Integer> chars = new HashMap<>();
        for (Line line : lines) {
            for (Word w : line.words()) {
                chars.merge(w.size(), w.text().length(), Integer::sum);
            }
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

    static Result detect(List<Line> lines, float body, Set<Line> titleLines) {
        List<Integer> candidates = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            Line line = lines.get(i);
            if (!titleLines.contains(line) && looksLikeHeading(line, body)) {
                candidates.add(i);
            }
        }
        // front matter (authors, affiliations) precedes the abstract or the first numbered heading
        int anchor = -1;
        for (int i : candidates) {
            Line line = lines.get(i);
            if (line.page() > 1) {
                break;
            }
            String t = line.text();
            if (Numbering.level(t) > 0 || FRONT_ANCHOR.matcher(t).matches()) {
                anchor = i;
                break;
            }
        }
        List<Integer> kept = new ArrayList<>();
        for (int i : candidates) {
            Line line = lines.get(i);
            if (line.page() == 1 && anchor >= 0 && i < anchor) {
                continue;
            }
            kept.add(i);
        }
        // in a numbered document, an unnumbered line is a heading only in a numbered heading's style or
        // under a well-known section name; large text in figures has neither
        int numbered = 0;
        Set<String> numberedStyles = new java.util.HashSet<>();
        for (int i : kept) {
            if (Numbering.level(lines.get(i).text()) > 0) {
                numbered++;
                numberedStyles.add(style(lines.get(i)));
            }
        }
        if (numbered >= 3) {
            List<Integer> strict = new ArrayList<>();
            for (int i : kept) {
                Line line = lines.get(i);
                String t = line.text();
                if (Numbering.level(t) > 0
                        || numberedStyles.contains(style(line))
                        || KNOWN_SECTION.matcher(t).matches()) {
                    strict.add(i);
                }
            }
            kept = strict;
        }
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
        Map<Line, HeadingCandidate> startsAt = new IdentityHashMap<>();
        Set<Line> consumed = Collections.newSetFromMap(new IdentityHashMap<>());
        for (int k = 0; k < kept.size(); k++) {
            int i = kept.get(k);
            Line line = lines.get(i);
            if (consumed.contains(line)) {
                continue;
            }
            StringBuilder title = new StringBuilder(line.text());
            consumed.add(line);
            // a heading wrapped over two lines: same style, right below, not numbered itself
            int j = i + 1;
            while (j < lines.size()
                    && k + 1 < kept.size()
                    && kept.get(k + 1) == j
                    && continuation(lines.get(j - 1), lines.get(j))) {
                title.append(' ').append(lines.get(j).text());
                consumed.add(lines.get(j));
                k++;
                j++;
            }
            int level = Numbering.level(line.text());
            if (level == 0) {
                Integer byStyle = styleLevel.get(style(line));
                level = byStyle != null ? byStyle : 1 + ranked.indexOf(styleSize(line));
                level = Math.max(1, Math.min(level, 6));
            }
            startsAt.put(line, new HeadingCandidate(title.toString(), level, line.page()));
        }
        Map<Line, Line> rest = new IdentityHashMap<>();
        int deepest = 0;
        for (HeadingCandidate h : startsAt.values()) {
            deepest = Math.max(deepest, h.level());
        }
        Line previous = null;
        for (Line line : lines) {
            if (startsAt.containsKey(line)) {
                // a bold lead-in that took its paragraph's first words along: the heading is the lead-in
                Line tail = runInTail(line, body, true);
                if (tail != null && consumed.contains(line) && !continuedBelow(line, lines, consumed)) {
                    HeadingCandidate h = startsAt.get(line);
                    startsAt.put(line, new HeadingCandidate(lead(line, tail), h.level(), h.page()));
                    rest.put(line, tail);
                }
            } else if (!consumed.contains(line) && !titleLines.contains(line) && startsParagraph(previous, line)) {
                Line tail = runInTail(line, body, false);
                if (tail != null) {
                    startsAt.put(line, new HeadingCandidate(lead(line, tail), Math.min(6, deepest + 1), line.page()));
                    rest.put(line, tail);
                }
            }
            previous = line;
        }
        return new Result(startsAt, consumed, Map.of(), rest);
    }

    /** Whether a heading's title went on to the next line, so its own line holds no paragraph words. */
    private static boolean continuedBelow(Line line, List<Line> lines, Set<Line> consumed) {
        int i = lines.indexOf(line);
        return i + 1 < lines.size() && consumed.contains(lines.get(i + 1));
    }

    /**
     * The words after a run-in heading: a line that opens with a bold lead-in at the body size (the
     * lead-in a title of at most ten words, ending with a full stop or a colon unless it is most of the
     * line) and goes on in the body font. Null when the line is not one.
     */
    static Line runInTail(Line line, float body, boolean mostlyBold) {
        List<Word> words = line.words();
        int k = 0;
        while (k < words.size() && words.get(k).bold()) {
            k++;
        }
        if (k == 0 || k == words.size() || k > 10 || line.size() < body - 0.6f || line.size() > 1.5f * body) {
            return null;
        }
        Line tail = new Line(line.page(), line.column(), words.subList(k, words.size()));
        String lead = lead(line, tail);
        String ending = words.get(k - 1).text();
        boolean punctuated = ending.endsWith(".") || ending.endsWith(":") || ending.endsWith("\u2014");
        if (!punctuated && !(mostlyBold && k >= 3 && line.boldShare() >= 0.6)) {
            return null;
        }
        String rest = Numbering.level(lead) > 0 ? Numbering.strip(lead) : lead;
        if (rest.isEmpty()
                || !Character.isUpperCase(rest.codePointAt(0))
                || !rest.matches(".*\\p{L}{3}.*")
                || CAPTION.matcher(lead).matches()
                || STATEMENT.matcher(lead).matches()
                || line.mathShare() > 0.3) {
            return null;
        }
        return tail;
    }

    /** The lead-in's text without the stop or colon that ends it. */
    private static String lead(Line line, Line tail) {
        String lead = line.words().subList(0, line.words().size() - tail.words().size()).stream()
                .map(Word::text)
                .collect(java.util.stream.Collectors.joining(" "));
        return lead.replaceAll("[.:\u2014]+$", "").strip();
    }

    /** Whether a line opens a paragraph: first of its column, or after a sentence's end or a gap. */
    private static boolean startsParagraph(Line previous, Line line) {
        if (previous == null || previous.page() != line.page() || previous.column() != line.column()) {
            return true;
        }
        String p = previous.text();
        char last = p.charAt(p.length() - 1);
        return last == '.'
                || last == '!'
                || last == '?'
                || last == ':'
                || line.top() - previous.bottom() > 0.9f * line.size();
    }

    private static boolean continuation(Line a, Line b) {
        return a.page() == b.page()
                && a.column() == b.column()
                && style(a).equals(style(b))
                && b.top() - a.bottom() < 0.9f * a.size()
                && Numbering.level(b.text()) == 0
                && !a.text().endsWith(".");
    }

    private static String style(Line line) {
        return line.size() + (line.boldShare() >= 0.8 ? "b" : "");
    }

    private static float styleSize(Line line) {
        return line.size() + (line.boldShare() >= 0.8 ? 0.25f : 0f);
    }

    static boolean looksLikeHeading(Line line, float body) {
        String text = line.text();
        if (text.length() < 2 || text.length() > 110 || line.words().size() > 14) {
            return false;
        }
        float size = line.size();
        if (size < body - 0.6f || size > 2.5f * body) {
            return false;
        }
        boolean bold = line.boldShare() >= 0.8;
        boolean larger = size >= body * 1.1f;
        if (!bold && !larger) {
            return false;
        }
        if (CAPTION.matcher(text).matches() || line.mathShare() > 0.3) {
            return false;
        }
        char last = text.charAt(text.length() - 1);
        if (last == ',' || last == ';' || last == '-' || last == '=') {
            return false;
        }
        int level = Numbering.level(text);
        String rest = level > 0 ? Numbering.strip(text) : text;
        if (rest.isEmpty() || !Character.isLetter(rest.codePointAt(0)) || !rest.matches(".*\\p{L}{3}.*")) {
            return false;
        }
        if (text.contains("...") || text.contains("\u2026")) {
            return false;
        }
        List<String> words = List.of(text.toLowerCase(Locale.ROOT).split("\\s+"));
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
