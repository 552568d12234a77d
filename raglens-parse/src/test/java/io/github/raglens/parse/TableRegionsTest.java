package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Trimming the region of an unruled table before stream extraction. */
class TableRegionsTest {

    /** One row at {@code top}: each cell is {text, x0}, in 10 pt type, 5 pt per character and a 3 pt word space. */
    private static List<Word> row(float top, Object... cells) {
        return WordRows.row(10, 3, top, cells);
    }

    @Test
    void leadingTitleAcrossColumnGaps_isDropped_headerCellsWithinOneColumnStay() {
        List<Word> title = row(100, "by education system: 2011", 50);
        List<Word> lone = row(114, "Combined", 400);
        List<Word> header = row(128, "Country", 50, "Coverage", 150, "Rate", 250, "Response", 400);
        List<Word> body = row(142, "Australia", 50, "100", 150, "96", 250, "93", 400);

        assertThat(TableRegions.withoutSpanningTitle(List.of(title, lone, header, body)))
                .containsExactly(lone, header, body);
    }

    @Test
    void tableWithoutTitle_isKeptWhole() {
        List<Word> header = row(128, "Country", 50, "Coverage", 150, "Rate", 250);
        List<Word> body = row(142, "Australia", 50, "100", 150, "96", 250);
        List<List<Word>> rows = List.of(header, body);

        assertThat(TableRegions.withoutSpanningTitle(rows)).isSameAs(rows);
    }

    /** A page of the rows, 612 by 792 points, with no ruling lines. */
    private static PageText page(List<List<Word>> rows) {
        return new PageText(1, 612, 792, rows, 0, 0, List.of());
    }

    /** The rows of a three-column table whose header is at {@code top}, then a body row every 11 points. */
    private static List<List<Word>> table(float top, int bodyRows) {
        List<List<Word>> rows = new ArrayList<>();
        rows.add(row(top, "System", 50, "Latency", 150, "Accuracy", 250));
        for (int r = 1; r <= bodyRows; r++) {
            rows.add(row(top + 11 * r, "Random-" + r, 50, r + "299", 150, r + "8.3", 250));
        }
        return rows;
    }

    @Test
    void captionCloseUnderTheTableAbove_findsTheTableBelowIt_notTheOneAboveUnderItsOwnCaption() {
        // LaTeX floats stacked in a column: the second caption is nearer the first table's last row than
        // three and a half lines, and that table has more rows than the second one
        List<List<Word>> rows = new ArrayList<>();
        rows.add(row(100, "Table 1: Costs of the runs.", 50));
        rows.addAll(table(120, 6));
        rows.add(row(211, "Table 2: Ablation on the set.", 50));
        rows.addAll(table(231, 4));

        List<float[]> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(2);
        assertThat(regions).extracting(r -> r[0]).containsExactlyInAnyOrder(119f, 230f); // a point above each header
    }

    @Test
    void captionWithAShortSecondLineInItsOwnType_findsTheTableUnderBothLines() {
        List<List<Word>> rows = new ArrayList<>();
        rows.add(bold(row(100, "Table A4-12. Projected average use by space type and server class,", 50)));
        rows.add(bold(row(113, "alternative scenarios, 2007 to 2011", 140)));
        rows.addAll(table(140, 5));

        List<float[]> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(1);
        assertThat(regions.getFirst()[0]).isEqualTo(139f); // a point above the header
    }

    @Test
    void captionThatIsOnlyItsLabel_twoLinesAboveItsTitle_findsTheTableUnderTheTitle() {
        // a report's "Table 6." set in a box of its own, its title nearly two lines below
        List<List<Word>> rows = new ArrayList<>();
        rows.add(bold(row(100, "Table 6.", 250)));
        rows.add(bold(row(128, "Production, imports, exports and net supply of the pesticides", 50)));
        rows.addAll(table(154, 5));

        List<float[]> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(1);
        assertThat(regions.getFirst()[0]).isEqualTo(153f); // a point above the header
        assertThat(regions.getFirst()[4]).isEqualTo(1f); // found as the caption's table
    }

    @Test
    void rowLabelsAsLongAsALineOfText_besideFiguresOnly_stayInTheTable() {
        List<List<Word>> rows = new ArrayList<>();
        rows.add(row(100, "Table 5: Correlations between the extent of participation and impacts", 50));
        rows.add(row(120, "Culture", 300, "Language", 380, "Skills", 460));
        String[] labels = {
            "Knowledge and awareness of different cultures", "Foreign language competence", "Self competence"
        };
        for (int r = 0; r < labels.length; r++) {
            rows.add(row(134 + 14 * r, labels[r], 50, "0,2885", 300, "-0,3974", 380, "0,3904", 460));
        }

        List<float[]> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(1);
        assertThat(regions.getFirst()[2]).isEqualTo(134 + 14 * 2 + 10 + 2f); // two points below the last row
    }

    @Test
    void listOfAmountsBesideTheirLabels_isATable_aTableOfContentsIsNot() {
        // labels of three words: too few figures for a run of figures, so only the amounts can tell
        String[][] amounts = {
            {"Paid each week", "71.15"}, {"Paid every fortnight", "142.31"}, {"Paid each month", "308.33"},
            {"Paid each quarter", "925.00"}, {"Paid twice yearly", "1,850.00"}, {"Paid once yearly", "3,700.00"}
        };
        String[][] contents = {
            {"Aims and scope", "1"}, {"Earlier related work", "4"}, {"The proposed method", "9"},
            {"Experiments and results", "15"}, {"Discussion of limits", "22"}, {"Conclusion and outlook", "27"}
        };
        for (String[][] list : List.of(amounts, contents)) {
            List<List<Word>> rows = new ArrayList<>();
            rows.add(row(100, "Payments in the year are set by the period in which the employee is paid, as the", 50));
            for (int r = 0; r < list.length; r++) {
                // right-aligned at x 300
                String figure = list[r][1];
                rows.add(row(120 + 14 * r, list[r][0], 50, figure, 300 - 5 * figure.length()));
            }
            rows.add(row(
                    120 + 14 * list.length + 10,
                    "list above shows for the six periods and their payments in the year.",
                    50));

            List<float[]> regions = TableRegions.find(page(rows));

            if (list == amounts) {
                assertThat(regions).hasSize(1);
                assertThat(regions.getFirst()[0]).isEqualTo(119f); // a point above the first row
            } else {
                assertThat(regions).isEmpty();
            }
        }
    }

    private static List<Word> bold(List<Word> row) {
        return row.stream()
                .map(w -> new Word(w.text(), w.x0(), w.x1(), w.top(), w.bottom(), w.size(), true, false, false, 0))
                .toList();
    }
}
