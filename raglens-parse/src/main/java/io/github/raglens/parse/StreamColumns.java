package io.github.raglens.parse;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Cells of an unruled table whose header spans columns. Stream extraction takes every run of text as
 * blocking a column, so a header cell centred over two columns ("Train 1" over "P@5  P@10") merges them
 * for the whole table. Here the columns come from the gaps shared by the fullest rows (the body), each
 * run of words goes to the column under its centre, and the header rows above the body are merged into
 * one header row, a spanning cell repeated over every column it covers.
 */
final class StreamColumns {

    private StreamColumns() {}

    /**
     * The rows of the words inside a box, or an empty list when the box's rows do not show at least
     * two columns shared by their fullest rows.
     */
    static List<List<String>> rows(PageText page, float top, float left, float bottom, float right) {
        List<List<List<Word>>> rows = new ArrayList<>();
        int most = 0;
        for (List<Word> row : page.rows()) {
            List<Word> inside = new ArrayList<>();
            for (Word w : row) {
                float cy = (w.top() + w.bottom()) / 2;
                if (w.centerX() >= left && w.centerX() <= right && cy >= top && cy <= bottom) {
                    inside.add(w);
                }
            }
            if (!inside.isEmpty()) {
                List<List<Word>> runs = runs(inside);
                rows.add(runs);
                most = Math.max(most, runs.size());
            }
        }
        List<float[]> gaps = null;
        for (List<List<Word>> runs : rows) {
            if (runs.size() == most) {
                gaps = gaps == null ? gapsOf(runs) : shared(gaps, gapsOf(runs));
            }
        }
        if (most < 2 || gaps == null || gaps.size() != most - 1) {
            return List.of();
        }
        float[] separators = new float[gaps.size()];
        for (int i = 0; i < separators.length; i++) {
            separators[i] = (gaps.get(i)[0] + gaps.get(i)[1]) / 2;
        }
        int firstFull = 0;
        while (rows.get(firstFull).size() < most) {
            firstFull++;
        }
        List<List<String>> out = new ArrayList<>();
        if (firstFull > 0) {
            boolean fullRowIsHeader = !numbersBeyondFirst(rows.get(firstFull));
            int headerEnd = fullRowIsHeader ? firstFull + 1 : firstFull;
            out.add(mergedHeader(rows.subList(0, headerEnd), separators));
            for (List<List<Word>> runs : rows.subList(headerEnd, rows.size())) {
                out.add(cells(runs, separators, false));
            }
            return out;
        }
        for (List<List<Word>> runs : rows) {
            out.add(cells(runs, separators, false));
        }
        return out;
    }

    /** Words split where the gap is wider than about one em. */
    private static List<List<Word>> runs(List<Word> row) {
        List<List<Word>> out = new ArrayList<>();
        List<Word> run = new ArrayList<>();
        for (Word w : row) {
            if (!run.isEmpty()) {
                Word last = run.getLast();
                if (w.x0() - last.x1() > 0.9f * Math.max(w.size(), last.size())) {
                    out.add(run);
                    run = new ArrayList<>();
                }
            }
            run.add(w);
        }
        out.add(run);
        return out;
    }

    private static List<float[]> gapsOf(List<List<Word>> runs) {
        List<float[]> out = new ArrayList<>();
        for (int i = 1; i < runs.size(); i++) {
            out.add(new float[] {
                runs.get(i - 1).getLast().x1(), runs.get(i).getFirst().x0()
            });
        }
        return out;
    }

    /** The gaps of {@code a} that overlap a gap of {@code b}, narrowed to the overlap. */
    private static List<float[]> shared(List<float[]> a, List<float[]> b) {
        List<float[]> out = new ArrayList<>();
        for (float[] g : a) {
            for (float[] h : b) {
                float from = Math.max(g[0], h[0]);
                float to = Math.min(g[1], h[1]);
                if (from < to) {
                    out.add(new float[] {from, to});
                    break;
                }
            }
        }
        return out;
    }

    private static int column(float x, float[] separators) {
        int c = 0;
        while (c < separators.length && x > separators[c]) {
            c++;
        }
        return c;
    }

    /** One row's cells; with {@code spread}, a run covering several columns fills each of them. */
    private static List<String> cells(List<List<Word>> runs, float[] separators, boolean spread) {
        String[] cells = new String[separators.length + 1];
        Arrays.fill(cells, "");
        for (List<Word> run : runs) {
            float x0 = run.getFirst().x0();
            float x1 = run.getLast().x1();
            int from = column((x0 + x1) / 2, separators);
            int to = from;
            // a run spans a separator that lies well inside it, not one it merely touches
            float inner = 0.15f * (x1 - x0);
            while (spread && from > 0 && separators[from - 1] > x0 + inner) {
                from--;
            }
            while (spread && to < separators.length && separators[to] < x1 - inner) {
                to++;
            }
            String text = text(run);
            for (int c = from; c <= to; c++) {
                cells[c] = cells[c].isEmpty() ? text : cells[c] + " " + text;
            }
        }
        return List.of(cells);
    }

    private static List<String> mergedHeader(List<List<List<Word>>> header, float[] separators) {
        String[] merged = new String[separators.length + 1];
        Arrays.fill(merged, "");
        for (List<List<Word>> runs : header) {
            List<String> cells = cells(runs, separators, true);
            for (int c = 0; c < merged.length; c++) {
                String cell = cells.get(c);
                if (!cell.isEmpty()) {
                    merged[c] = merged[c].isEmpty() ? cell : merged[c] + " " + cell;
                }
            }
        }
        return List.of(merged);
    }

    private static boolean numbersBeyondFirst(List<List<Word>> runs) {
        for (int i = 1; i < runs.size(); i++) {
            if (text(runs.get(i)).matches("[-+±(]?[$€£]?\\d[\\d.,]*%?\\)?[*†‡]*")) {
                return true;
            }
        }
        return false;
    }

    private static String text(List<Word> run) {
        StringBuilder b = new StringBuilder();
        for (Word w : run) {
            b.append(b.isEmpty() ? "" : " ").append(w.text());
        }
        return b.toString();
    }
}
