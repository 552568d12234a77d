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
        Map<String, List<float[]>> seen = new HashMap<>();
        for (int p = 0; p < pages.size(); p++) {
            float h = heights.get(p);
            Set<Line> edge = edgeLines(pages.get(p));
            for (Line line : pages.get(p)) {
                if (inMargin(line, h, edge)) {
                    seen.computeIfAbsent(repeated(line), k -> new ArrayList<>()).add(new float[] {p, line.top()});
                }
            }
        }
        int needed = Math.max(3, (int) Math.ceil(0.4 * pages.size()));
        List<Set<Line>> running = new ArrayList<>();
        for (int p = 0; p < pages.size(); p++) {
            float h = heights.get(p);
            List<Line> lines = pages.get(p);
            Set<Line> edge = edgeLines(lines);
            Set<Line> found = new HashSet<>();
            for (Line line : lines) {
                if (inMargin(line, h, edge)) {
                    String repeated = repeated(line);
                    boolean pageNumber = edge.contains(line)
                            && PAGE_NUMBER.matcher(key(line)).matches();
                    if (pageNumber
                            || (pages.size() >= 3
                                    && !repeated.isEmpty()
                                    && pagesAtSameHeight(seen.get(repeated), line.top()) >= needed)) {
                        found.add(line);
                    }
                }
            }
            running.add(found);
        }
        Set<String> content = pageContent(pages, running);
        List<List<Line>> out = new ArrayList<>();
        for (int p = 0; p < pages.size(); p++) {
            List<Line> kept = new ArrayList<>();
            for (Line line : pages.get(p)) {
                if (!running.get(p).contains(line) || content.contains(repeated(line))) {
                    kept.add(line);
                }
            }
            out.add(kept);
        }
        return out;
    }

    /**
     * The repeated texts that are a page's content rather than its running lines: those whose pages
     * mostly lose most of their characters to the running lines found on them. A running title is short
     * beside the body under it; a page whose only text repeats (the same form or slide on every page)
     * would be left empty.
     */
    private static Set<String> pageContent(List<List<Line>> pages, List<Set<Line>> running) {
        Map<String, int[]> pagesOf = new HashMap<>();
        for (int p = 0; p < pages.size(); p++) {
            long all = pages.get(p).stream().mapToLong(l -> l.text().length()).sum();
            long removed =
                    running.get(p).stream().mapToLong(l -> l.text().length()).sum();
            boolean mostOfPage = removed > all / 2;
            Set<String> texts = new HashSet<>();
            for (Line line : running.get(p)) {
                texts.add(repeated(line));
            }
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
    private static boolean inMargin(Line line, float height, Set<Line> edge) {
        float margin = edge.contains(line) ? WIDE_MARGIN : MARGIN;
        return line.bottom() < margin * height || line.top() > (1 - margin) * height;
    }

    /** The two topmost and two bottommost lines of a page. */
    private static Set<Line> edgeLines(List<Line> lines) {
        List<Line> sorted = new ArrayList<>(lines);
        sorted.sort((a, b) -> Float.compare(a.top(), b.top()));
        Set<Line> edge = new HashSet<>();
        for (int i = 0; i < Math.min(2, sorted.size()); i++) {
            edge.add(sorted.get(i));
            edge.add(sorted.get(sorted.size() - 1 - i));
        }
        return edge;
    }

    private static int pagesAtSameHeight(List<float[]> occurrences, float top) {
        Set<Integer> pages = new HashSet<>();
        for (float[] o : occurrences) {
            if (Math.abs(o[1] - top) <= Y_TOLERANCE) {
                pages.add((int) o[0]);
            }
        }
        return pages.size();
    }

    /**
     * The text a running line repeats, numbers left out: the page number beside a running title is one
     * line on a full-width page and a line of its own in the right column of a two-column one.
     */
    private static String repeated(Line line) {
        return key(line).replace("#", "").replaceAll("\\s+", " ").strip();
    }

    static String key(Line line) {
        return line.text()
                .toLowerCase(Locale.ROOT)
                .replaceAll("\\d+", "#")
                .replaceAll("\\s+", " ")
                .strip();
    }
}
