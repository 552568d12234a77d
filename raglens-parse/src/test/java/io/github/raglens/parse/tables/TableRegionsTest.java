package io.github.raglens.parse.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.glyphs.WordRows;
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
        return new PageText(1, 612, 792, rows, 0, 0);
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

        List<Region> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(2);
        assertThat(regions)
                .extracting(r -> r.box().top())
                .containsExactlyInAnyOrder(119f, 230f); // a point above each header
    }

    @Test
    void captionWithAShortSecondLineInItsOwnType_findsTheTableUnderBothLines() {
        List<List<Word>> rows = new ArrayList<>();
        rows.add(bold(row(100, "Table A4-12. Projected average use by space type and server class,", 50)));
        rows.add(bold(row(113, "alternative scenarios, 2007 to 2011", 140)));
        rows.addAll(table(140, 5));

        List<Region> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(1);
        assertThat(regions.getFirst().box().top()).isEqualTo(139f); // a point above the header
    }

    @Test
    void captionThatIsOnlyItsLabel_twoLinesAboveItsTitle_findsTheTableUnderTheTitle() {
        // a report's "Table 6." set in a box of its own, its title nearly two lines below
        List<List<Word>> rows = new ArrayList<>();
        rows.add(bold(row(100, "Table 6.", 250)));
        rows.add(bold(row(128, "Production, imports, exports and net supply of the pesticides", 50)));
        rows.addAll(table(154, 5));

        List<Region> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(1);
        assertThat(regions.getFirst().box().top()).isEqualTo(153f); // a point above the header
        assertThat(regions.getFirst().captioned()).isTrue(); // found as the caption's table
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

        List<Region> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(1);
        assertThat(regions.getFirst().box().bottom())
                .isEqualTo(134 + 14 * 2 + 10 + 2f); // two points below the last row
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

            List<Region> regions = TableRegions.find(page(rows));

            if (list == amounts) {
                assertThat(regions).hasSize(1);
                assertThat(regions.getFirst().box().top()).isEqualTo(119f); // a point above the first row
            } else {
                assertThat(regions).isEmpty();
            }
        }
    }

    @Test
    void uncaptionedTable_leavesOutTheNoteUnderIt_andTheNextSectionsHeading() {
        List<List<Word>> rows = new ArrayList<>();
        rows.add(row(
                100, "Employment grew in most sectors of the economy over the year, as the table below shows.", 50));
        rows.add(row(120, "Sector", 50, "Employed", 250, "Women", 350));
        String[] sectors = {"Agriculture", "Manufacturing", "Construction", "Retail", "Health"};
        for (int r = 0; r < sectors.length; r++) {
            rows.add(row(134 + 14 * r, sectors[r], 50, (400 + r) + ".5", 250, (30 + r) + ".2", 350));
        }
        rows.add(WordRows.row(8, 2, 134 + 14 * 5, "1 Provisional. 2 Including armed forces.", 50));
        rows.add(bold(WordRows.row(14, 4, 134 + 14 * 5 + 16, "2 Offices and contacts", 50)));
        rows.add(row(
                134 + 14 * 5 + 34, "The regional offices of the agency answer questions about the survey and its", 50));

        List<Region> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(1);
        assertThat(regions.getFirst().box().top()).isEqualTo(119f); // a point above the header
        assertThat(regions.getFirst().box().bottom())
                .isEqualTo(134 + 14 * 4 + 10 + 2f); // two points below the last row
    }

    @Test
    void tableWhoseColumnGapPassesForAGutter_isKeptWhole_notJustItsFigures() {
        // long row labels, then two columns of figures set flush right: the gap between them is the
        // page's widest, and the labels hold too few figures for the whole rows to count as a table's
        List<List<Word>> rows = new ArrayList<>();
        rows.add(row(100, "Revenue grew faster than spending in the year, so the deficit narrowed again, as", 50));
        rows.add(row(112, "the table of the main items of revenue below shows for the last two years of it.", 50));
        String[] figures = {"12.4", "1,204.1", "3.1", "655.0", "17.9", "40.9", "1,388.9", "9.8", "512.6", "78.1"};
        for (int r = 0; r < figures.length; r++) {
            String a = figures[r];
            String b = figures[(r + 3) % figures.length];
            rows.add(row(
                    140 + 14 * r,
                    "Taxes on income and wealth of " + "households and firms".substring(0, 2 * r),
                    50,
                    a,
                    400 - 5 * a.length(),
                    b,
                    480 - 5 * b.length()));
        }
        rows.add(row(300, "Social contributions were flat in both years, while property income fell back.", 50));

        List<Region> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(1);
        assertThat(regions.getFirst().box().left()).isEqualTo(49f); // from the labels' left edge
        assertThat(regions.getFirst().box().right()).isEqualTo(481f);
    }

    @Test
    void tableAcrossTheWidth_endsBeforeTheColumnsGoingOnUnderIt_aHeadingAtopOneOfThem() {
        // a two-column page: a captioned table across the width, its header rows further apart than its
        // body rows; under it the columns go on, the first row short in both (an algorithm's title on
        // the left, a section heading on the right), further below than the table's rows are apart and
        // reaching out past the table's sides
        List<List<Word>> rows = new ArrayList<>();
        rows.add(row(100, "Table 5: Ablation on the query set.", 220));
        rows.add(row(122.5f, "Setting", 180, "Test 1", 300, "Test 2", 420));
        rows.add(row(145, "Metric", 180, "F1@5", 260, "P@10", 330, "F1@5", 400, "P@10", 470));
        float top = 145;
        for (int r = 0; r < 7; r++) {
            top += 18.14f;
            rows.add(row(top, "Dense-" + r, 180, r + "4.7", 260, r + "86", 330, r + "7.7", 400, r + "4.4", 470));
        }
        float below = top + 10 + 23.3f;
        rows.add(row(below, "Algorithm 3 Evaluate a retriever", 40, "4 HIGH-LEVEL METHODOLOGY", 330));
        rows.add(row(below + 12, "1: for each query q do", 40));

        List<Region> regions = TableRegions.find(page(rows));

        assertThat(regions).hasSize(1);
        assertThat(regions.getFirst().box().bottom()).isLessThan(below);
    }

    /** A line of text from x0 to x1 at {@code top}: words of unequal widths, 3 points apart, filling it. */
    private static List<Word> line(float top, float x0, float x1, int words) {
        float[] shares = {1.4f, 0.7f, 1f, 1.2f, 0.6f, 1.1f, 0.9f};
        float total = 0;
        for (int w = 0; w < words; w++) {
            total += shares[w % shares.length];
        }
        float unit = (x1 - x0 - 3 * (words - 1)) / total;
        List<Word> out = new ArrayList<>();
        float x = x0;
        for (int w = 0; w < words; w++) {
            float width = unit * shares[w % shares.length];
            out.add(new Word(
                    w == words - 1 ? "methods." : "measure", x, x + width, top, top + 10, 10, false, false, false, 0));
            x += width + 3;
        }
        return out;
    }

    @Test
    void chartsTickLabelsInTheRightColumn_besideAColumnOfText_areNoTable() {
        // a plot in the right column of a two-column page, as pdfTeX placed one: its ticks and legend on
        // and between the heights of the left column's lines, a paragraph's last line and a heading beside
        // them, its caption under it. The ticks are numbers in aligned rows, but a page with a figure's
        // caption is where a chart's labels stand
        java.util.TreeMap<Float, List<Word>> rows = new java.util.TreeMap<>();
        for (int k = 0; k < 36; k++) {
            float top = 60 + 12 * k;
            if (top == 252) {
                continue; // the space above the heading
            }
            List<Word> left = top == 240 ? line(top, 57, 190, 4) : top == 264 ? row(top, "4.2 Strategies", 57) : null;
            rows.put(top, left != null ? left : line(top, 57, 301, 7));
        }
        for (float top = 60; top <= 144; top += 12) {
            rows.get(top).addAll(line(top, 311, 555, 7));
        }
        Object[][] chart = {
            {168f, "1", 353.6f}, {180f, "0.8", 346f}, {192f, "0.6", 346f}, {216f, "0.4", 346f},
            {228f, "Dense", 501.9f}, {230f, "0.2", 346f}, {240f, "SFT", 505.7f}, {246.4f, "0", 353.6f},
            {253.3f, "1", 374.2f}, {264f, "Number of passages", 409.3f}
        };
        for (Object[] label : chart) {
            rows.computeIfAbsent((Float) label[0], t -> new ArrayList<>())
                    .addAll(row((Float) label[0], label[1], label[2]));
        }
        for (int x = 2; x <= 5; x++) {
            rows.get(253.3f).addAll(row(253.3f, String.valueOf(x), 374.2f + 36.5f * (x - 1)));
        }
        rows.get(288f).addAll(row(288, "Figure 1: Recall of the systems as the input grows.", 325));
        for (float top = 324; top <= 480; top += 12) {
            rows.get(top).addAll(line(top, 311, 555, 7));
        }
        List<List<Word>> sorted = new ArrayList<>();
        rows.values()
                .forEach(r -> sorted.add(r.stream()
                        .sorted(java.util.Comparator.comparing(Word::x0))
                        .toList()));

        assertThat(TableRegions.find(page(sorted))).isEmpty();
    }

    @Test
    void rowLedBySpacedDots_isNotProse_aLineOfTextIs() {
        // ". . . . ." set as words of one dot each, evenly spaced, as a statistical abstract prints them
        List<Word> led = row(100, "Violent crime . . . . . . . . . . . . . . .", 20, "456,965", 300, "268,346", 360);
        List<Word> text = row(114, "the offences charged are counted once for each arrest made in the year", 20);

        assertThat(RowKinds.prose(led, 400)).isFalse();
        assertThat(RowKinds.prose(text, 400)).isTrue();
    }

    private static List<Word> bold(List<Word> row) {
        return row.stream()
                .map(w -> new Word(w.text(), w.x0(), w.x1(), w.top(), w.bottom(), w.size(), true, false, false, 0))
                .toList();
    }
}
