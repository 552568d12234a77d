package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Box;
import io.github.raglens.parse.layout.Captions;
import io.github.raglens.parse.layout.Rows;
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
    static List<List<String>> rows(PageText page, Box box) {
        List<List<Word>> wordRows = box.inside(page.rows());
        List<List<List<Word>>> byGaps = splitRows(wordRows, new float[0]);
        // A table set with narrow gaps between its columns (Springer's 1.4 pt) has gaps no wider than a
        // word space: its cells run together in some rows, which then read as header rows or lose a
        // cell. Split the rows also where every row but a spanning header leaves a gap open, when that
        // mends such rows without adding a column.
        float[] open = openGaps(wordRows);
        if (open.length == 0) {
            return cells(byGaps);
        }
        List<List<List<Word>>> byOpenGaps = splitRows(wordRows, open);
        boolean mendsHeader = headerRows(byGaps) >= 2 && headerRows(byOpenGaps) < headerRows(byGaps);
        int mended = 0;
        for (int i = 0; i < byGaps.size(); i++) {
            mended += byOpenGaps.get(i).size() > byGaps.get(i).size() ? 1 : 0;
        }
        // a chart's tick labels leave gaps open too; its caption's words then fall apart at them
        boolean figure = wordRows.stream().anyMatch(r -> Captions.figure(Rows.text(r)));
        boolean mendsBody = most(byOpenGaps) == most(byGaps) && mended >= 2 && !figure;
        List<List<String>> mendedCells = mendsHeader || mendsBody ? cells(byOpenGaps) : List.of();
        return mendedCells.isEmpty() ? cells(byGaps) : mendedCells;
    }

    /** Each row of words split into runs at wide gaps and at the given x positions. */
    private static List<List<List<Word>>> splitRows(List<List<Word>> wordRows, float[] splits) {
        List<List<List<Word>>> rows = new ArrayList<>();
        for (List<Word> row : wordRows) {
            rows.add(runs(row, splits));
        }
        return rows;
    }

    private static int most(List<List<List<Word>>> rows) {
        return rows.stream().mapToInt(List::size).max().orElse(0);
    }

    /** How many rows come before the first with the most runs: the rows read as the header. */
    private static int headerRows(List<List<List<Word>>> rows) {
        int most = most(rows);
        int i = 0;
        while (rows.get(i).size() < most) {
            i++;
        }
        return i;
    }

    /** The cells of rows split into runs, or an empty list when they show no columns shared by their fullest rows. */
    private static List<List<String>> cells(List<List<List<Word>>> rows) {
        int most = most(rows);
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
        int firstFull = headerRows(rows);
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

    /**
     * The middles of the gaps at least a point and a half wide between words that every row leaves open
     * but the first two of a table of five rows or more, where a header's cells spanning columns cross
     * them.
     */
    private static float[] openGaps(List<List<Word>> wordRows) {
        float[] across = Rows.across(wordRows);
        float minX = across[0];
        float maxX = across[1];
        float bin = 0.5f;
        int[] cover = new int[(int) Math.ceil((maxX - minX) / bin) + 1];
        int header = wordRows.size() >= 5 ? 2 : 0;
        for (List<Word> row : wordRows.subList(header, wordRows.size())) {
            boolean[] seen = new boolean[cover.length];
            for (Word w : row) {
                for (int i = (int) ((w.x0() - minX) / bin);
                        i <= (int) ((w.x1() - minX) / bin) && i < cover.length;
                        i++) {
                    seen[i] = true;
                }
            }
            for (int i = 0; i < cover.length; i++) {
                cover[i] += seen[i] ? 1 : 0;
            }
        }
        List<Float> middles = new ArrayList<>();
        int start = -1;
        for (int i = 0; i < cover.length; i++) {
            boolean open = cover[i] == 0;
            if (open && start < 0) {
                start = i;
            }
            if (!open && start >= 0) {
                if (start > 0 && (i - start) * bin >= 1.5f) {
                    middles.add(minX + (start + i) / 2f * bin);
                }
                start = -1;
            }
        }
        float[] out = new float[middles.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = middles.get(i);
        }
        return out;
    }

    /** Words split where the gap is wider than about one em or holds one of the given x positions. */
    private static List<List<Word>> runs(List<Word> row, float[] splits) {
        List<List<Word>> out = new ArrayList<>();
        List<Word> run = new ArrayList<>();
        for (Word w : row) {
            if (!run.isEmpty()) {
                Word last = run.getLast();
                if (Rows.cellGap(last, w) || splitBetween(last, w, splits)) {
                    out.add(run);
                    run = new ArrayList<>();
                }
            }
            run.add(w);
        }
        out.add(run);
        return out;
    }

    private static boolean splitBetween(Word a, Word b, float[] splits) {
        for (float x : splits) {
            if (x > a.x1() && x < b.x0()) {
                return true;
            }
        }
        return false;
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
            String text = Rows.text(run);
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
            if (Rows.text(runs.get(i)).matches("[-+±(]?[$€£]?\\d[\\d.,]*%?\\)?[*†‡]*")) {
                return true;
            }
        }
        return false;
    }
}
