package io.github.raglens.benchmarks;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * How a parsed document's structure compares with Docling's Markdown for the same file: headings
 * matched by their words ({@link ParseQuality#key}), and tables matched one to one when a found table
 * holds at least half of a Docling table's non-blank cells, with the share of those cells it holds.
 * Cells compare by their letters and digits alone, in lower case, as Docling writes list marks and
 * emphasis inside cells that raglens writes as plain text. A Docling table of one non-blank cell (a
 * label Docling keeps as a table, which raglens writes as a paragraph, as it does every table of one
 * cell) is found when its text is in the document, in a table or not. A slide's section that raglens names {@code Slide N} because the slide has no title is a label, not
 * a heading of the document, and is not counted.
 */
final class FormatsQuality {

    private static final Pattern SLIDE_LABEL = Pattern.compile("Slide \\d+");

    private FormatsQuality() {}

    /**
     * Counts of one document or many.
     *
     * @param headings headings matched, found and in Docling's Markdown
     * @param tables tables matched, found and in Docling's Markdown
     * @param cellsMatched Docling's non-blank cells of matched tables that the found table holds
     * @param cellsExpected Docling's non-blank cells of matched tables
     */
    record Result(ParseQuality.Counts headings, ParseQuality.Counts tables, int cellsMatched, int cellsExpected) {
        static final Result NONE = new Result(ParseQuality.Counts.NONE, ParseQuality.Counts.NONE, 0, 0);

        Result plus(Result o) {
            return new Result(
                    headings.plus(o.headings),
                    tables.plus(o.tables),
                    cellsMatched + o.cellsMatched,
                    cellsExpected + o.cellsExpected);
        }

        double cellShare() {
            return cellsExpected == 0 ? Double.NaN : (double) cellsMatched / cellsExpected;
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "headings %s; tables %s; cells of matched tables %.3f (%d of %d)",
                    headings,
                    tables,
                    cellShare(),
                    cellsMatched,
                    cellsExpected);
        }
    }

    /** The comparison, with the headings found but not Docling's (+) and Docling's not found (-). */
    record Comparison(Result result, List<String> extra, List<String> missed) {}

    static Comparison compare(Document document, DoclingMarkdown docling) {
        ParseQuality.HeadingMatch h = ParseQuality.headingMatch(document, docling.headings(), FormatsQuality::counted);
        List<Table> found = new ArrayList<>(ParseQuality.tables(document));
        int matched = 0;
        int cellsMatched = 0;
        int cellsExpected = 0;
        int lonesFound = 0;
        String text = cellKey(allText(document.root()));
        for (List<List<String>> truth : docling.tables()) {
            String lone = loneCell(truth);
            if (lone != null) {
                if (text.contains(lone)) {
                    matched++;
                    lonesFound++;
                    cellsMatched++;
                }
                cellsExpected++;
                continue;
            }
            Table best = null;
            double bestShare = 0.5;
            for (Table f : found) {
                double share = ParseQuality.share(truth, f.rows(), FormatsQuality::cellKey);
                if (share >= bestShare) {
                    best = f;
                    bestShare = share;
                }
            }
            if (best != null) {
                found.remove(best);
                matched++;
                int cells = nonBlank(truth);
                cellsExpected += cells;
                cellsMatched += (int) Math.round(bestShare * cells);
            }
        }
        int foundTables = ParseQuality.tables(document).size() + lonesFound;
        Result r = new Result(
                h.counts(),
                new ParseQuality.Counts(matched, foundTables, docling.tables().size()),
                cellsMatched,
                cellsExpected);
        return new Comparison(r, h.extra(), h.missed());
    }

    /** The key of a table's only non-blank cell; null when it has more than one. */
    private static String loneCell(List<List<String>> rows) {
        String lone = null;
        for (List<String> row : rows) {
            for (String c : row) {
                String key = cellKey(c);
                if (!key.isEmpty()) {
                    if (lone != null) {
                        return null;
                    }
                    lone = key;
                }
            }
        }
        return lone;
    }

    private static String allText(Section s) {
        StringBuilder b = new StringBuilder(s.title()).append('\n').append(s.text());
        for (Section c : s.children()) {
            b.append('\n').append(allText(c));
        }
        return b.toString();
    }

    static String cellKey(String cell) {
        return ParseQuality.cell(cell).toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{Nd}]", "");
    }

    private static boolean counted(String title) {
        return !SLIDE_LABEL.matcher(title).matches();
    }

    private static int nonBlank(List<List<String>> rows) {
        int n = 0;
        for (List<String> row : rows) {
            for (String c : row) {
                n += cellKey(c).isEmpty() ? 0 : 1;
            }
        }
        return n;
    }
}
