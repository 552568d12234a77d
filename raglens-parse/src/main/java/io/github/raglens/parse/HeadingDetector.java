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

    /** Result: the heading starting at a line, and the lines that belong to a heading. */
    record Result(Map<Line, HeadingCandidate> startsAt, Set<Line> consumed, Map<Line, List<HeadingCandidate>> before) {}

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
        return new Result(startsAt, consumed, Map.of());
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
