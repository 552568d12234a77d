package io.github.raglens.parse.layout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Removes running headers, footers and page numbers: lines in the top or bottom margin whose text
 * (digits ignored) repeats at the same height on many pages, and lone page numbers at a page's edge. A
 * repeated text that is most of the text of most of its pages is the document's own (a form, a slide
 * deck, a scan of the same page), not a running line, and stays.
 */
public final class RunningLines {

    private static final Pattern PAGE_NUMBER =
            Pattern.compile("(page\\s*)?(#+|[ivxlc]+)(\\s*(of|/)\\s*#+)?|-\\s*#+\\s*-", Pattern.CASE_INSENSITIVE);
    private static final float MARGIN = 0.12f;
    private static final float WIDE_MARGIN = 0.2f;
    private static final float Y_TOLERANCE = 4f;

    private RunningLines() {}

    /**
     * Returns the pages without their running lines.
     *
     * @param pages the lines of each page in reading order
     * @param heights the height of each page in points
     */
    public static List<List<Line>> remove(List<List<Line>> pages, List<Float> heights) {
        // each margin line's texts are made once here; the passes below only look them up
        List<List<MarginLine>> margins = new ArrayList<>();
        Map<String, Occurrences> seen = new HashMap<>();
        for (int p = 0; p < pages.size(); p++) {
            float h = heights.get(p);
            List<Line> edge = edgeLines(pages.get(p));
            List<MarginLine> inMargin = new ArrayList<>();
            for (Line line : pages.get(p)) {
                if (inMargin(line, h, edge)) {
                    String key = key(line);
                    MarginLine m = new MarginLine(line, edge.contains(line), key, repeated(key));
                    inMargin.add(m);
                    seen.computeIfAbsent(m.repeated(), k -> new Occurrences()).add(p, line.top());
                }
            }
            margins.add(inMargin);
        }
        int needed = Math.max(3, (int) Math.ceil(0.4 * pages.size()));
        List<List<MarginLine>> running = new ArrayList<>();
        for (List<MarginLine> inMargin : margins) {
            List<MarginLine> found = new ArrayList<>();
            for (MarginLine m : inMargin) {
                boolean pageNumber = m.edge() && PAGE_NUMBER.matcher(m.key()).matches();
                if (pageNumber
                        || (pages.size() >= 3
                                && !m.repeated().isEmpty()
                                && seen.get(m.repeated()).pagesAtHeight(m.line().top()) >= needed)) {
                    found.add(m);
                }
            }
            running.add(found);
        }
        Set<String> content = pageContent(pages, running);
        List<List<Line>> out = new ArrayList<>();
        for (int p = 0; p < pages.size(); p++) {
            List<Line> kept = new ArrayList<>();
            for (Line line : pages.get(p)) {
                String repeated = repeatedIfRunning(line, running.get(p));
                if (repeated == null || content.contains(repeated)) {
                    kept.add(line);
                }
            }
            out.add(kept);
        }
        return out;
    }

    /**
     * The text a line repeats when it is (equal to) one of its page's running lines, else null. A page
     * has a few of those, so they are compared rather than hashed: a line's hash reads all its words.
     */
    private static String repeatedIfRunning(Line line, List<MarginLine> running) {
        for (MarginLine m : running) {
            if (m.line().equals(line)) {
                return m.repeated();
            }
        }
        return null;
    }

    /** A line in a page's margin, with its text as a key and the text it repeats. */
    private record MarginLine(Line line, boolean edge, String key, String repeated) {}

    /** The pages and heights at which one repeated text stands. */
    private static final class Occurrences {
        private final List<float[]> at = new ArrayList<>();
        /** Pages within the tolerance, by height asked: a running line stands at one height on every page. */
        private final Map<Float, Integer> pagesByHeight = new HashMap<>();

        void add(int page, float top) {
            at.add(new float[] {page, top});
        }

        /**
         * On how many pages the text stands within {@link #Y_TOLERANCE} of a height. Counted once per
         * height: it is asked for each of the text's lines, and a running title stands at the same
         * height on every page, so counting anew for each would compare every page with every other.
         */
        int pagesAtHeight(float top) {
            return pagesByHeight.computeIfAbsent(top, t -> {
                Set<Integer> pages = new HashSet<>();
                for (float[] o : at) {
                    if (Math.abs(o[1] - t) <= Y_TOLERANCE) {
                        pages.add((int) o[0]);
                    }
                }
                return pages.size();
            });
        }
    }

    /**
     * The repeated texts that are a page's content rather than its running lines: those whose pages
     * mostly lose most of their characters to the running lines found on them. A running title is short
     * beside the body under it; a page whose only text repeats (the same form or slide on every page)
     * would be left empty.
     */
    private static Set<String> pageContent(List<List<Line>> pages, List<List<MarginLine>> running) {
        Map<String, int[]> pagesOf = new HashMap<>();
        for (int p = 0; p < pages.size(); p++) {
            long all = 0;
            for (Line line : pages.get(p)) {
                all += line.text().length();
            }
            long removed = 0;
            Set<String> texts = new HashSet<>();
            for (MarginLine m : running.get(p)) {
                removed += m.line().text().length();
                texts.add(m.repeated());
            }
            boolean mostOfPage = removed > all / 2;
            for (String text : texts) {
                int[] counts = pagesOf.computeIfAbsent(text, k -> new int[2]);
                counts[0] += mostOfPage ? 1 : 0;
                counts[1]++;
            }
        }
        Set<String> content = new HashSet<>();
        pagesOf.forEach((text, counts) -> {
            if (!text.isEmpty() && counts[0] * 2 > counts[1]) {
                content.add(text);
            }
        });
        return content;
    }

    /**
     * Whether a line is where running lines are: in the top or bottom eighth of the page, or, on pages
     * with wide margins (Springer's LNCS, the AMS article), among the two lines at either edge of the
     * page's text within its top or bottom fifth.
     */
    private static boolean inMargin(Line line, float height, List<Line> edge) {
        float margin = edge.contains(line) ? WIDE_MARGIN : MARGIN;
        return line.bottom() < margin * height || line.top() > (1 - margin) * height;
    }

    /**
     * The two topmost and two bottommost lines of a page (a line is one when it equals one of them), of
     * lines at one height the first and the last in reading order: the ends of the page's lines sorted
     * by their tops, picked in one pass rather than by sorting the page.
     */
    static List<Line> edgeLines(List<Line> lines) {
        int n = lines.size();
        int first = -1;
        int second = -1;
        int last = -1;
        int beforeLast = -1;
        for (int i = 0; i < n; i++) {
            if (first < 0 || above(lines, i, first)) {
                second = first;
                first = i;
            } else if (second < 0 || above(lines, i, second)) {
                second = i;
            }
            if (last < 0 || !above(lines, i, last)) {
                beforeLast = last;
                last = i;
            } else if (beforeLast < 0 || !above(lines, i, beforeLast)) {
                beforeLast = i;
            }
        }
        List<Line> edge = new ArrayList<>();
        for (int i : new int[] {first, last, second, beforeLast}) {
            if (i >= 0) {
                edge.add(lines.get(i));
            }
        }
        return edge;
    }

    /** Whether line i comes before line j sorted by top, of lines at one height the earlier in reading order first. */
    private static boolean above(List<Line> lines, int i, int j) {
        int byTop = Float.compare(lines.get(i).top(), lines.get(j).top());
        return byTop < 0 || byTop == 0 && i < j;
    }

    /**
     * The text a running line repeats, numbers left out: the page number beside a running title is one
     * line on a full-width page and a line of its own in the right column of a two-column one.
     */
    static String repeated(String key) {
        StringBuilder b = new StringBuilder(key.length());
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c == '#') {
                continue;
            }
            if (!space(c)) {
                b.append(c);
            } else if (b.isEmpty() || b.charAt(b.length() - 1) != ' ') {
                b.append(' ');
            }
        }
        return b.toString().strip();
    }

    /**
     * A line's text in lower case, each run of digits one {@code #}, each run of spaces one space:
     * read character by character, where two regular expressions ran over every margin line's text.
     */
    static String key(Line line) {
        String lower = line.text().toLowerCase(Locale.ROOT);
        StringBuilder b = new StringBuilder(lower.length());
        for (int i = 0; i < lower.length(); i++) {
            char c = lower.charAt(i);
            boolean digit = c >= '0' && c <= '9';
            boolean space = space(c);
            char before = i > 0 ? lower.charAt(i - 1) : 'a';
            if (digit) {
                if (!(before >= '0' && before <= '9')) {
                    b.append('#');
                }
            } else if (space) {
                if (!space(before)) {
                    b.append(' ');
                }
            } else {
                b.append(c);
            }
        }
        return b.toString().strip();
    }

    /** A space as {@code \\s} of a regular expression reads it: ASCII's space, tab, line breaks and feeds. */
    private static boolean space(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == 0x0B || c == '\f' || c == '\r';
    }
}
