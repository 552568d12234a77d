package io.github.raglens.parse.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import io.github.raglens.parse.glyphs.Deadline;
import io.github.raglens.parse.glyphs.PdfTextCollector;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.pdf.PdfParser;
import io.github.raglens.parse.pdf.TestPdfs;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Table layouts of real reports, each reproduced on a generated page: the table must be found whole,
 * with its own cells and nothing of the text around it.
 */
class TableLayoutCasesTest {

    private static final float LEFT = 62;
    private static final float RIGHT = 532;
    private static final float PITCH = 12.3f;
    private static final String[] WORDS = {
        "evaluation",
        "footnote",
        "embedding",
        "documentation",
        "sentence",
        "variance",
        "query",
        "vector",
        "sample",
        "parser",
        "infrastructure",
        "precision",
        "result",
        "answer",
        "ranking",
        "recall",
        "method",
        "paragraph",
        "annotation",
        "column",
        "model",
        "section",
        "multilingual",
        "benchmark",
        "corpus"
    };

    private static final String[] SHORT_WORDS = {
        "the", "model", "ranks", "each", "passage", "by", "its", "score", "and", "keeps", "the", "top", "ten", "for",
        "a", "query", "of", "our", "test", "set", "with", "no", "loss"
    };

    @TempDir
    Path dir;

    @Test
    void justifiedParagraphRightBelowATable_isNotTakenForARowOfIt() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        float y = paragraph(texts, 80, 0, 6);
        texts.add(new TestPdfs.Text(LEFT, y += PITCH, "Table 2: Counts by recall.", PDType1Font.TIMES_ITALIC, 9));
        float[] columns = {LEFT, 157, 251, 345, 439};
        String[][] rows = {
            {"Metric", "F1@5", "P@10", "R@5", "nDCG@10"},
            {"BM25-59", "38.0", "79.8", "29.2", "96.5"},
            {"Oracle-10", "943", "43.9", "Layout", "4800"},
            {"BM25-19", "Sentence", "Score", "3229", "Embedding"},
            {"Hybrid-93", "85.5", "Metric", "Section", "Experiment"},
            {"Dense-96", "46.3", "4.0", "2797", "82.9"}
        };
        for (String[] row : rows) {
            y += PITCH;
            for (int c = 0; c < row.length; c++) {
                texts.add(TestPdfs.Text.body(columns[c], y, row[c]));
            }
        }
        // the paragraph after it starts on the next line, its first lines stretched to the full width
        paragraph(texts, y, 40, 5);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("justified.pdf"), List.of(texts)));

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows()).hasSize(rows.length);
        assertThat(tables.getFirst().rows().getFirst()).containsExactly(rows[0]);
        assertThat(tables.getFirst().rows().getLast()).containsExactly(rows[rows.length - 1]);
    }

    @Test
    void headerSpanningTheFigureColumns_rightUnderTheCaptionInItsType_isInTheTable() throws IOException {
        // booktabs' \multicolumn header over every column but the labels, set tight under a caption in
        // the same type: one run of words, as a caption's second line is, but clear of the labels' column
        List<TestPdfs.Text> texts = new ArrayList<>();
        float y = paragraph(texts, 80, 0, 5);
        texts.add(TestPdfs.Text.body(LEFT, y += 2 * PITCH, "Table 1: Accuracy of the systems on the test set."));
        String header = "Accuracy on the test set (%)";
        texts.add(TestPdfs.Text.body((right(0) - 40 + right(2)) / 2 - width(header) / 2, y += PITCH, header));
        String[][] rows = {
            {"Model", "Dev", "Test", "Hard"},
            {"BM25", "41.2", "38.0", "12.1"},
            {"Dense", "44.9", "47.3", "13.0"},
            {"Hybrid", "46.1", "48.8", "13.6"}
        };
        y = figureRows(texts, y, rows, PITCH);
        paragraph(texts, y + PITCH, 40, 5);
        Path pdf = TestPdfs.write(dir.resolve("spanning-header.pdf"), List.of(texts));

        List<Table> tables = tables(pdf);
        assertThat(tables).hasSize(1);
        List<List<String>> found = tables.getFirst().rows();
        assertThat(found.getFirst()).containsExactly("", "", header, "");
        assertThat(found.subList(1, found.size())).isEqualTo(rowsOf(rows));
        assertThat(allText(PdfParser.create().parse(pdf).root())).doesNotContain(header);
    }

    @Test
    void uncaptionedTableInTheLeftColumn_besideRaggedLinesOfTheRightColumn_keepsTheLinesOut() throws IOException {
        // the right column is set ragged (a list of short items), so its lines end anywhere short of the
        // column's edge, on the same rows as the table's
        List<TestPdfs.Text> texts = new ArrayList<>();
        float y = 80;
        for (int i = 0; i < 6; i++) {
            texts.add(fullLine(LEFT, y += PITCH, 9 * i));
        }
        String[][] rows = {
            {"System", "Dev", "Test", "Hard"},
            {"BM25", "41.2", "38.0", "12.1"},
            {"Dense", "44.9", "47.3", "13.0"},
            {"Hybrid", "46.1", "48.8", "13.6"},
            {"Rerank", "49.5", "51.0", "14.2"},
            {"Oracle", "52.3", "54.9", "17.8"}
        };
        y += PITCH;
        for (String[] row : rows) {
            y += PITCH;
            texts.add(TestPdfs.Text.body(LEFT, y, row[0]));
            for (int c = 1; c < row.length; c++) {
                texts.add(TestPdfs.Text.body(LEFT + 60 + 50 * c - width(row[c]), y, row[c]));
            }
        }
        y += PITCH;
        for (int i = 0; i < 6; i++) {
            texts.add(fullLine(LEFT, y += PITCH, 9 * (10 + i)));
        }
        float right = 80;
        for (int i = 0; i < 20; i++) {
            texts.add(columnLine(310, right += PITCH, 20 + i, false, 3 + i % 3));
        }

        List<Table> tables = tables(TestPdfs.write(dir.resolve("ragged-right-column.pdf"), List.of(texts)));

        assertThat(tables).extracting(Table::rows).containsExactly(rowsOf(rows));
    }

    @Test
    void justifiedLine_isProse_butARowOfFiguresOnAGridIsNot() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        paragraph(texts, 80, 0, 3);
        float y = 200;
        float x = LEFT;
        for (String year : new String[] {"2009", "2010", "2011", "2012", "2013", "2014"}) {
            texts.add(TestPdfs.Text.body(x, y, year));
            x += 60;
        }
        PdfTextCollector collector = new PdfTextCollector(Deadline.after(java.time.Duration.ofMinutes(1)));
        List<List<Word>> rows;
        try (var doc = org.apache.pdfbox.pdmodel.PDDocument.load(
                TestPdfs.write(dir.resolve("rows.pdf"), List.of(texts)).toFile())) {
            rows = collector.collect(doc).getFirst().rows();
        }

        assertThat(RowKinds.justified(rows.get(0))).isTrue();
        assertThat(RowKinds.justified(rows.get(1))).isTrue();
        assertThat(RowKinds.justified(rows.getLast())).isFalse();
    }

    @Test
    void sideBySideTablesRuledAboveAndBelow_captionsANarrowGapApart_areKeptApart_oneRowPerLine() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        List<TestPdfs.Shape> shapes = new ArrayList<>();
        float[] left = {108};
        String[][] captions = {
            {"Table 1: Open-Domain QA Test Scores. For TQA,", "Table 2: Generation and classification Test Scores."},
            {"left column uses the standard test set for Open-", "MS-MARCO SotA is [4], FEVER-3 is [68] and"},
            {"Domain QA, right column uses the TQA-Wiki", "FEVER-2 is [57] *Uses gold context/evidence."}
        };
        float y = 80;
        // the captions' lines run to about 6 points (0.6 em) of each other
        float gap = 6;
        for (String[] line : captions) {
            float width = PDType1Font.TIMES_ROMAN.getStringWidth(line[0]) / 1000 * 10;
            texts.add(TestPdfs.Text.body(left[0], y, line[0]));
            texts.add(TestPdfs.Text.body(left[0] + width + gap, y, line[1]));
            y += 11;
        }
        String[][] first = {
            {"Model", "NQ", "TQA", "WQ", "CT"},
            {"T5-11B", "34.5", "50.1", "37.4", "-"},
            {"REALM", "40.4", "-", "40.7", "46.8"},
            {"DPR", "41.5", "57.9", "41.1", "50.6"},
            {"RAG-Token", "44.1", "55.2", "45.5", "50.0"}
        };
        String[][] second = {
            {"Model", "Jeopardy", "MSMARCO", "FVR3"},
            {"", "B-1", "R-L", "Acc."},
            {"SotA", "-", "49.8", "76.8"},
            {"BART", "15.1", "38.2", "64.0"},
            {"RAG-Seq.", "14.7", "40.8", "72.5"}
        };
        table(texts, shapes, first, new float[] {110, 170, 205, 240, 270}, 298, 130, 1);
        table(texts, shapes, second, new float[] {320, 370, 420, 470}, 505, 130, 2);
        paragraph(texts, 240, 3, 4);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("side-by-side.pdf"), texts, shapes));

        assertThat(tables).hasSize(2);
        Table a = tables.get(0).rows().toString().contains("NQ") ? tables.get(0) : tables.get(1);
        Table b = a == tables.get(0) ? tables.get(1) : tables.get(0);
        assertThat(a.rows())
                .contains(
                        List.of("REALM", "40.4", "-", "40.7", "46.8"), List.of("DPR", "41.5", "57.9", "41.1", "50.6"));
        assertThat(b.rows()).contains(List.of("SotA", "-", "49.8", "76.8"), List.of("BART", "15.1", "38.2", "64.0"));
        assertThat(a.rows().toString()).doesNotContain("SotA", "Table", "column");
        assertThat(b.rows().toString()).doesNotContain("REALM", "Table", "FEVER-2");
    }

    @Test
    void statisticalTableWithoutHeaderOrCaption_labelsInItsLastColumn_rowGroupsApart_isOneTable() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        float y = paragraph(texts, 80, 5, 4);
        String[][] groups = {
            {"Total", "Per capita", "Business sector", "Industry", "Construction"},
            {"Total uses", "Public", "Civilian", "Defence", "Imports"},
            {"Fixed assets", "Dwellings", "Other building"}
        };
        java.util.Random random = new java.util.Random(7);
        List<String> labels = new ArrayList<>();
        y += 30;
        for (String[] group : groups) {
            for (String label : group) {
                y += 9.9f;
                float x = 134;
                for (int c = 0; c < 6; c++) {
                    texts.add(new TestPdfs.Text(
                            x,
                            y,
                            String.format(java.util.Locale.ROOT, "%.1f", random.nextDouble() * 20 - 5),
                            PDType1Font.HELVETICA,
                            6));
                    x += 30.2f;
                }
                // labels set flush right, as a right-to-left table sets them
                float width = PDType1Font.HELVETICA.getStringWidth(label) / 1000 * 6;
                texts.add(new TestPdfs.Text(444 - width, y, label, PDType1Font.HELVETICA, 6));
                labels.add(label);
            }
            y += 9.9f; // a blank line between groups of rows
        }
        paragraph(texts, y + 30, 9, 3);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("statistical.pdf"), List.of(texts)));

        assertThat(tables).hasSize(1);
        List<String> cells =
                tables.getFirst().rows().stream().flatMap(List::stream).toList();
        assertThat(cells).containsAll(labels);
        assertThat(tables.getFirst().rows()).hasSize(labels.size());
        assertThat(tables.getFirst().rows().getFirst()).hasSize(7);
    }

    @Test
    void uncaptionedTableOfTwoFigureColumns_labelsLedByDots_isFoundWithoutTheLeaders_orTheParagraphAbove()
            throws IOException {
        // a government report's table: label, dot leader, two figures set flush right; no caption, no
        // rules, and a paragraph above it whose last line is short
        List<TestPdfs.Text> texts = new ArrayList<>();
        float y = paragraph(texts, 80, 3, 3);
        texts.add(new TestPdfs.Text(
                LEFT,
                y += PITCH,
                "as the temporary support measures for energy prices",
                PDType1Font.TIMES_ROMAN,
                10,
                RIGHT - LEFT));
        texts.add(TestPdfs.Text.body(LEFT, y += PITCH, "come to an end."));
        String[][] rows = {
            {"Function", "2022", "2023"},
            {"General public services", "12.4%", "12.1%"},
            {"Defence", "3.1%", "3.3%"},
            {"Public order and safety", "4.0%", "4.1%"},
            {"Economic affairs", "10.7%", "10.2%"},
            {"Health", "17.9%", "18.4%"},
            {"Social protection", "40.9%", "40.8%"}
        };
        y += 10;
        for (int r = 0; r < rows.length; r++) {
            y += 14;
            String label = rows[r][0];
            if (r > 0) {
                float width = PDType1Font.TIMES_ROMAN.getStringWidth(label + " ") / 1000 * 10;
                float dot = PDType1Font.TIMES_ROMAN.getStringWidth(".") / 1000 * 10;
                label += " " + ".".repeat((int) ((300 - LEFT - width) / dot));
            }
            texts.add(TestPdfs.Text.body(LEFT, y, label));
            for (int c = 1; c <= 2; c++) {
                float width = PDType1Font.TIMES_ROMAN.getStringWidth(rows[r][c]) / 1000 * 10;
                texts.add(TestPdfs.Text.body(380 + 80 * c - width, y, rows[r][c]));
            }
        }
        paragraph(texts, y + 14, 11, 3);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("leaders.pdf"), List.of(texts)));

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows())
                .isEqualTo(java.util.Arrays.stream(rows).map(List::of).toList());
    }

    @Test
    void captionedTableWithAHeaderOverThreeCloseLines_itsFirstRowOfFiguresWellBelow_isFoundWhole() throws IOException {
        // a word processor's table: years over pairs of columns, the stub "Region" centred down the two
        // header rows (a line of its own), then the body at a wider pitch than the header's lines
        List<TestPdfs.Text> texts = new ArrayList<>();
        float y = paragraph(texts, 80, 2, 4);
        texts.add(TestPdfs.Text.body(LEFT, y += 2 * PITCH, "Table 3. Rates by programme"));
        // each year centred over the two cells of its columns, on the edge between them
        texts.add(TestPdfs.Text.body(right(0) - width("2021") / 2, y += 2 * PITCH, "2021"));
        texts.add(TestPdfs.Text.body(right(2) - width("2023") / 2, y, "2023"));
        texts.add(TestPdfs.Text.body(LEFT, y += 15, "Region"));
        String[] subs = {"Male", "Female", "Male", "Female"};
        y += 15;
        for (int c = 0; c < subs.length; c++) {
            texts.add(TestPdfs.Text.body(right(c) - width(subs[c]), y, subs[c]));
        }
        String[][] body = {
            {"North", "12,312", "55,390", "n.a.", "89,452"},
            {"Coastal", "29,139", "27,308", "73,453", "63,552"},
            {"East", "47,397", "63,734", "10,574", "74,436"},
            {"West", "2,274", "27,852", "98,803", "60,596"},
            {"Upland", "89,520", "n.a.", "92,350", "62,413"}
        };
        y = figureRows(texts, y, body, 26);
        paragraph(texts, y + 2 * PITCH, 9, 3);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("header-close.pdf"), List.of(texts)));

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows().getLast()).containsExactly(body[body.length - 1]);
        assertThat(tables.getFirst().rows()).contains(List.of(body[0]));
    }

    @Test
    void uncaptionedTableOfLabelledFigures_onAPageWithACaptionedTable_isFoundBesideIt() throws IOException {
        // a report's first table has no caption; the second, further down the page, has one
        List<TestPdfs.Text> texts = new ArrayList<>();
        float y = paragraph(texts, 80, 4, 3);
        String[][] first = {
            {"Programme", "2021", "2022", "2023"},
            {"Road upkeep", "31,062", "10,009", "73,483"},
            {"Job training", "91,863", "54,837", "61,396"},
            {"School meals", "96,627", "20,082", "34,164"},
            {"Flood defence", "90,619", "30,159", "93,249"},
            {"Total", "309,171", "115,087", "262,292"}
        };
        y = figureRows(texts, y + PITCH, first, 16);
        String[][] second = captionedTableBelow(texts, y);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("uncaptioned-first.pdf"), List.of(texts)));

        assertThat(tables).extracting(Table::rows).containsExactly(rowsOf(first), rowsOf(second));
    }

    @ParameterizedTest
    @ValueSource(booleans = {true, false})
    void captionedTableInOneColumn_ofAPageInTwoColumnsOnlyAtItsTop_isFound(boolean inTheRight) throws IOException {
        // a report's page: two columns at the top, a captioned table in one of them, then text across the
        // whole width, so that the page as a whole shows no gutter; a caption in the left column ends
        // far short of its table's right edge
        List<TestPdfs.Text> texts = new ArrayList<>();
        float table = inTheRight ? 310 : LEFT;
        float text = inTheRight ? LEFT : 310;
        float y = 80;
        for (int i = 0; i < 14; i++) {
            texts.add(columnLine(text, y + i * PITCH, i, i < 13));
        }
        for (int i = 0; i < 3; i++) {
            texts.add(columnLine(table, y + i * PITCH, 20 + i, true));
        }
        texts.add(TestPdfs.Text.body(table, y + 4 * PITCH, "Table 1. Rates by area"));
        String[][] rows = {
            {"Item", "2022", "2023"},
            {"Error analysis", "86,650", "n.a."},
            {"Water quality", "51,656", "5,883"},
            {"Broadband access", "79,484", "98,993"},
            {"Total", "25,823", "27,321"}
        };
        float row = y + 4 * PITCH;
        for (String[] cells : rows) {
            row += 20;
            texts.add(TestPdfs.Text.body(table, row, cells[0]));
            texts.add(TestPdfs.Text.body(table + 160 - width(cells[1]), row, cells[1]));
            texts.add(TestPdfs.Text.body(table + 222 - width(cells[2]), row, cells[2]));
        }
        paragraph(texts, y + 15 * PITCH, 5, 12);
        paragraph(texts, y + 29 * PITCH, 8, 12);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("two-columns-at-top.pdf"), List.of(texts)));

        assertThat(tables).extracting(Table::rows).containsExactly(rowsOf(rows));
    }

    @Test
    void tableOfWordsBrokenByThePage_itsLastThreeRowsOpeningTheNext_isOneTable() throws IOException {
        // Writer breaks a table of words after its header and first row; three rows open the next page
        String[][] rows = {
            {"Programme", "Lead agency", "Legal basis"},
            {"Water quality", "Ministry of Finance", "Education (Nutrition) Act"},
            {"Flood defence", "Department of Labour", "Housing Act"},
            {"Rural clinics", "Statistics Office", "Public Health Act, section 4"},
            {"Adult literacy", "Department of Labour", "Railways Act, schedule 1"}
        };
        float[] columns = {LEFT, 210, 380};
        List<TestPdfs.Text> first = new ArrayList<>();
        float y = paragraph(first, 60, 0, 12);
        y = paragraph(first, y + PITCH, 3, 12);
        y = paragraph(first, y + PITCH, 6, 12);
        first.add(TestPdfs.Text.body(LEFT, y += 2 * PITCH, "Table 2. Programmes and their legal basis"));
        for (int r = 0; r < 2; r++) {
            y += 24;
            for (int c = 0; c < columns.length; c++) {
                first.add(TestPdfs.Text.body(columns[c], y, rows[r][c]));
            }
        }
        List<TestPdfs.Text> next = new ArrayList<>();
        y = 60;
        for (int r = 2; r < rows.length; r++) {
            y += 24;
            for (int c = 0; c < columns.length; c++) {
                next.add(TestPdfs.Text.body(columns[c], y, rows[r][c]));
            }
        }
        paragraph(next, y + 2 * PITCH, 9, 6);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("words-broken.pdf"), List.of(first, next)));

        assertThat(tables).extracting(Table::rows).containsExactly(rowsOf(rows));
    }

    @Test
    void uncaptionedTableWhoseLongLabelsSqueezeItsFigureColumns_onAPageWithACaptionedTable_isFound()
            throws IOException {
        // Writer gives a long label column the width and sets the figure columns a few points apart
        List<TestPdfs.Text> texts = new ArrayList<>();
        float y = paragraph(texts, 80, 4, 3);
        String[][] first = {
            {"Category", "2021", "2022", "2023"},
            {"Adult literacy", "44,855", "30,230", "75,685"},
            {"High-level methodology", "6,705", "57,437", "33,819"},
            {"Extracting structured data", "93,162", "57,054", "29,550"},
            {"Water quality", "71,515", "83,968", "44,980"},
            {"Ablation studies", "10,410", "39,847", "43,372"}
        };
        for (String[] row : first) {
            y += 18;
            texts.add(TestPdfs.Text.body(LEFT, y, row[0]));
            for (int c = 1; c < row.length; c++) {
                // right edges 33 points apart: about 6 points between a column's figures and the next's
                texts.add(TestPdfs.Text.body(400 + 33 * c - width(row[c]), y, row[c]));
            }
        }
        String[][] second = captionedTableBelow(texts, y);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("squeezed.pdf"), List.of(texts)));

        assertThat(tables).extracting(Table::rows).containsExactly(rowsOf(first), rowsOf(second));
    }

    @Test
    void uncaptionedTableInTheRightColumn_besideRaggedLinesSetCloserThanItsRows_keepsTheLinesOut() throws IOException {
        // the left column's lines are ragged (not justified), so they do not end at one edge; they are
        // told from the table's own labels by standing between its rows
        List<TestPdfs.Text> texts = new ArrayList<>();
        float y = 80;
        for (int i = 0; i < 16; i++) {
            texts.add(new TestPdfs.Text(LEFT, y + i * PITCH, raggedLine(i), PDType1Font.TIMES_ROMAN, 10, 0));
        }
        String[][] rows = {
            {"Category", "2022", "2023"},
            {"Error analysis", "23,520", "48,838"},
            {"Public transport", "20,049", "65,413"},
            {"Data collection", "17,401", "40,012"},
            {"Adult literacy", "15,417", "40,184"},
            {"Total", "77,172", "4,100"}
        };
        float row = y;
        for (String[] cells : rows) {
            texts.add(TestPdfs.Text.body(320, row, cells[0]));
            texts.add(TestPdfs.Text.body(470 - width(cells[1]), row, cells[1]));
            texts.add(TestPdfs.Text.body(RIGHT - width(cells[2]), row, cells[2]));
            row += 2 * PITCH;
        }
        for (int i = 0; i < 4; i++) {
            texts.add(columnLine(320, row + (i + 1) * PITCH, 30 + i, i < 3));
        }
        paragraph(texts, y + 18 * PITCH, 5, 8);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("ragged-beside.pdf"), List.of(texts)));

        assertThat(tables).extracting(Table::rows).containsExactly(rowsOf(rows));
    }

    @Test
    void uncaptionedTableInTheRightColumn_besideACaptionedOneInTheLeft_isFoundToo() throws IOException {
        // a two-column page: a captioned table in the left column, an uncaptioned one in the right, their
        // rows at about the same heights, so that the right one's rows go on across the gutter into the
        // left one's; lines of seven words, as running text has
        List<TestPdfs.Text> texts = new ArrayList<>();
        String[][] left = {
            {"Country", "Pop.", "Growth"},
            {"Belgium", "11.6", "2.1"},
            {"Bulgaria", "6.4", "-0.8"},
            {"Czechia", "10.9", "1.4"},
            {"Denmark", "5.9", "1.9"}
        };
        String[][] right = {
            {"Region", "Share", "Change"},
            {"North", "21.4", "0.6"},
            {"South", "18.2", "-1.1"},
            {"East", "30.9", "2.3"},
            {"West", "29.5", "0.4"}
        };
        float y = 80;
        for (int i = 0; i < 8; i++) {
            texts.add(columnLine(LEFT, y + i * PITCH, i, i < 7, 7));
        }
        // the right column's text runs on beside the left one's caption
        for (int i = 0; i < 10; i++) {
            texts.add(columnLine(310, y + i * PITCH, 40 + i, i < 9, 7));
        }
        texts.add(TestPdfs.Text.body(LEFT, y + 9 * PITCH, "Table 2. Population and growth"));
        for (int r = 0; r < left.length; r++) {
            float row = y + 11 * PITCH + r * 20;
            texts.add(TestPdfs.Text.body(LEFT, row, left[r][0]));
            texts.add(TestPdfs.Text.body(LEFT + 150 - width(left[r][1]), row, left[r][1]));
            texts.add(TestPdfs.Text.body(LEFT + 222 - width(left[r][2]), row, left[r][2]));
            texts.add(TestPdfs.Text.body(310, row - 2, right[r][0]));
            texts.add(TestPdfs.Text.body(460 - width(right[r][1]), row - 2, right[r][1]));
            texts.add(TestPdfs.Text.body(RIGHT - width(right[r][2]), row - 2, right[r][2]));
        }
        float after = y + 11 * PITCH + left.length * 20 + PITCH;
        for (int i = 0; i < 8; i++) {
            texts.add(columnLine(LEFT, after + i * PITCH, 20 + i, i < 7, 7));
            texts.add(columnLine(310, after + i * PITCH, 60 + i, i < 7, 7));
        }

        List<Table> tables = tables(TestPdfs.write(dir.resolve("table-in-each-column.pdf"), List.of(texts)));

        assertThat(tables).extracting(Table::rows).containsExactlyInAnyOrder(rowsOf(left), rowsOf(right));
    }

    /** A ragged line of a column 230 points wide: three to five words, never reaching past x = 292. */
    private static String raggedLine(int i) {
        StringBuilder line = new StringBuilder();
        for (int w = 0; w < 3 + i % 3; w++) {
            line.append(w == 0 ? "" : " ").append(WORDS[(i * 3 + w) % WORDS.length]);
        }
        return line.toString();
    }

    /**
     * A line of running text in a column 222 points wide: short words at their natural spacing, as
     * many as fit, so that its word spaces are those of the ragged column beside it.
     */
    private static TestPdfs.Text fullLine(float x, float y, int first) {
        StringBuilder line = new StringBuilder(SHORT_WORDS[first % SHORT_WORDS.length]);
        for (int w = 1; ; w++) {
            String next = line + " " + SHORT_WORDS[(first + w) % SHORT_WORDS.length];
            if (width(next) > 222) {
                return TestPdfs.Text.body(x, y, line.toString());
            }
            line = new StringBuilder(next);
        }
    }

    /** A line of a column 222 points wide: five words, stretched to the width unless it ends a paragraph. */
    private static TestPdfs.Text columnLine(float x, float y, int first, boolean stretched) {
        return columnLine(x, y, first, stretched, 5);
    }

    /** A line of a column 222 points wide, of {@code words} words. */
    private static TestPdfs.Text columnLine(float x, float y, int first, boolean stretched, int words) {
        StringBuilder line = new StringBuilder();
        for (int w = 0; w < words; w++) {
            line.append(w == 0 ? "" : " ").append(WORDS[(first * 5 + w) % WORDS.length]);
        }
        return new TestPdfs.Text(x, y, line.toString(), PDType1Font.TIMES_ROMAN, 10, stretched ? 222 : 0);
    }

    /** A paragraph and, under it, a captioned table of four rows; returns the table's cells. */
    private static String[][] captionedTableBelow(List<TestPdfs.Text> texts, float y) {
        y = paragraph(texts, y + PITCH, 13, 4);
        texts.add(TestPdfs.Text.body(LEFT, y += 2 * PITCH, "Table 1. Spending by area"));
        String[][] rows = {
            {"Area", "2022", "2023", "2024"},
            {"Metro", "1,204", "1,310", "1,377"},
            {"Coastal", "880", "912", "940"},
            {"Upland", "455", "470", "463"}
        };
        figureRows(texts, y + PITCH, rows, 16);
        return rows;
    }

    /**
     * Rows of a label and figures set flush right in the columns {@link #right} gives, {@code pitch}
     * points apart; returns the last row's y.
     */
    private static float figureRows(List<TestPdfs.Text> texts, float y, String[][] rows, float pitch) {
        for (String[] row : rows) {
            y += pitch;
            texts.add(TestPdfs.Text.body(LEFT, y, row[0]));
            for (int c = 1; c < row.length; c++) {
                texts.add(TestPdfs.Text.body(right(c - 1) - width(row[c]), y, row[c]));
            }
        }
        return y;
    }

    /** The right edge of figure column {@code c}, 90 points apart from x = 260. */
    private static float right(int c) {
        return 260 + 90 * c;
    }

    private static float width(String text) {
        try {
            return PDType1Font.TIMES_ROMAN.getStringWidth(text) / 1000 * 10;
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static List<List<String>> rowsOf(String[][] rows) {
        return java.util.Arrays.stream(rows).map(List::of).toList();
    }

    @Test
    void ruledTableWithColumnGapsNarrowerThanAWordSpace_aboveAChart_isFoundWithItsColumns() throws IOException {
        // columns set flush right a quarter em apart (a narrow \tabcolsep), so the header reads like a
        // line of words; right under the table a chart and its "Fig. 1" caption
        String[][] rows = {
            {"System", "Mean latency", "Top recall", "Exact accuracy", "Total pages", "Unit cost"},
            {"BM25-19", "4.4", "536", "59.6", "Heading", "7.1"},
            {"Oracle-66", "42.8", "Dataset", "Precision", "2979", "12.0"},
            {"Random-65", "76.4", "1815", "1313", "95.7", "3.3"},
            {"Rerank-70", "37.0", "Interval", "31.7", "36.9", "Query"},
            {"Hybrid-83", "Method", "21.6", "59.4", "64.6", "0.8"}
        };
        PDType1Font font = PDType1Font.TIMES_ROMAN;
        float[] rights = new float[rows[0].length];
        float x = 150;
        for (int c = 0; c < rights.length; c++) {
            float widest = 0;
            for (String[] row : rows) {
                widest = Math.max(widest, font.getStringWidth(row[c]) / 1000 * 9);
            }
            rights[c] = x + widest;
            x = rights[c] + 2.5f;
        }
        List<TestPdfs.Text> texts = new ArrayList<>();
        List<TestPdfs.Shape> shapes = new ArrayList<>();
        paragraph(texts, 40, 2, 3); // the page's text: the header's run of words spans much of its width
        texts.add(TestPdfs.Text.body(170, 100, "Table 3: Corpus statistics on the section set."));
        shapes.add(TestPdfs.Shape.rule(148, rights[rights.length - 1] + 2, 106));
        float y = 108;
        for (int r = 0; r < rows.length; r++) {
            y += 12;
            for (int c = 0; c < rows[r].length; c++) {
                float width = font.getStringWidth(rows[r][c]) / 1000 * 9;
                texts.add(new TestPdfs.Text(c == 0 ? 150 : rights[c] - width, y, rows[r][c], font, 9));
            }
            if (r == 0) {
                shapes.add(TestPdfs.Shape.rule(148, rights[rights.length - 1] + 2, y + 4));
                y += 4;
            }
        }
        shapes.add(TestPdfs.Shape.rule(148, rights[rights.length - 1] + 2, y + 5));
        String[] ticks = {"1", "0.8", "0.6", "0.4", "0.2"};
        for (int t = 0; t < ticks.length; t++) {
            texts.add(new TestPdfs.Text(160, y + 30 + 14 * t, ticks[t], font, 8));
        }
        texts.add(TestPdfs.Text.body(170, y + 110, "Fig. 1: Win rate of the systems as the input grows."));

        List<Table> tables = tables(TestPdfs.write(dir.resolve("narrow-gaps.pdf"), texts, shapes));

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows())
                .isEqualTo(java.util.Arrays.stream(rows).map(List::of).toList());
    }

    @Test
    void ruledRowsOnly_longCellEndingCloserThanAnEmToTheNextLeftAlignedColumn_keepsItsColumns() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        List<TestPdfs.Shape> shapes = new ArrayList<>();
        String longName = "Parastratiosphecomyiastratiosph";
        float x0 = 61;
        // the long cell ends 8 points (two thirds of an em, a wide space in a monospaced font) before the next
        // column's left edge
        float x1 = x0 + PDType1Font.COURIER.getStringWidth(longName) / 1000 * 12 + 8;
        float x2 = x1 + 166;
        String[][] rows = {{"Cat", "Says", "Meow"}, {longName, "Says", "bzzzzzzz"}, {"Fox", "Says", "Ring-ding"}};
        float y = 100;
        shapes.add(TestPdfs.Shape.rule(57, 555, y));
        for (String[] row : rows) {
            texts.add(new TestPdfs.Text(x0, y + 16, row[0], PDType1Font.COURIER, 12));
            texts.add(new TestPdfs.Text(x1, y + 16, row[1], PDType1Font.COURIER, 12));
            texts.add(new TestPdfs.Text(x2, y + 16, row[2], PDType1Font.COURIER, 12));
            y += 24;
            shapes.add(TestPdfs.Shape.rule(57, 555, y));
        }

        List<Table> tables = tables(TestPdfs.write(dir.resolve("narrow-gap.pdf"), texts, shapes));

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows()).containsExactly(List.of(rows[0]), List.of(rows[1]), List.of(rows[2]));
    }

    private static final String[][] POLLUTANTS = {
        {"Pollutant", "to air", "to water", "to land"},
        {"Carbon dioxide (CO2)", "100 million", "-", "-"},
        {"Hydro-fluorocarbons (HFCs)", "100", "-", "-"},
        {"Methane (CH4)", "100 000", "-", "-"},
        {"Nitrous oxide (N2O)", "10 000", "-", "-"}
    };

    @Test
    void gridTableWithShadedLabelCells_shadingEdgeCrossingTheLabels_keepsTheLabelsWhole() throws IOException {
        // the label cell's shading starts 5.5 points inside the border, a point after its text starts
        List<Table> tables = shadedGrid("shaded.pdf", 5.5f, false);

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows())
                .containsExactlyElementsOf(Stream.of(POLLUTANTS).map(List::of).toList());
    }

    @Test
    void gridTableShadedFromWhereItsLabelsStart_andInsideItsHeaderCells_keepsLabelsWholeUnderTheirHeader()
            throws IOException {
        // the label cell's shading starts a rounding after its text does; each header cell is shaded
        // six points inside its borders, edges a lattice reading would take for narrow empty columns
        List<Table> tables = shadedGrid("shaded-header.pdf", 4.51f, true);

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows())
                .containsExactlyElementsOf(Stream.of(POLLUTANTS).map(List::of).toList());
    }

    /**
     * The {@link #POLLUTANTS} table drawn as a grid: labels 4.5 points inside their cells on shading
     * that starts {@code shadingInset} points inside; when {@code shadedHeader}, the header row's
     * cells are each shaded six points inside their borders instead.
     */
    private List<Table> shadedGrid(String name, float shadingInset, boolean shadedHeader) throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        List<TestPdfs.Shape> shapes = new ArrayList<>();
        float[] columns = {96, 257, 340, 428, 499};
        float top = 300;
        float pitch = 12;
        for (int r = 0; r < POLLUTANTS.length; r++) {
            float y = top + r * pitch;
            if (r == 0 && shadedHeader) {
                for (int c = 0; c < 4; c++) {
                    shapes.add(new TestPdfs.Shape(columns[c] + 6, y + 1, columns[c + 1] - columns[c] - 12, pitch - 2));
                }
            } else {
                shapes.add(new TestPdfs.Shape(
                        columns[0] + shadingInset, y + 1, columns[1] - columns[0] - 2 * shadingInset, pitch - 2));
            }
            for (int c = 0; c < 4; c++) {
                float x = c == 0 ? columns[0] + 4.5f : columns[c] + 10;
                texts.add(new TestPdfs.Text(x, y + 9, POLLUTANTS[r][c], PDType1Font.HELVETICA_BOLD, 7));
            }
        }
        float bottom = top + POLLUTANTS.length * pitch;
        for (int r = 0; r <= POLLUTANTS.length; r++) {
            shapes.add(TestPdfs.Shape.rule(columns[0], columns[4], top + r * pitch));
        }
        for (float x : columns) {
            shapes.add(new TestPdfs.Shape(x, top, 0, bottom - top));
        }
        return tables(TestPdfs.write(dir.resolve(name), texts, shapes));
    }

    @Test
    void gridRuledInGroupsOfRows_aFigureOnEachLine_isSplitIntoItsLines_aCellBesideTheGroupOnEach() throws IOException {
        String[][] groups = {
            {"Latvia\nMalta\nIceland", "7\n18\n18", "8.002\n975\n5.466", "Low"},
            {"Cyprus\nEstonia\nBulgaria", "45\n46\n52", "2.102\n7.600\n17.400", "Medium"}
        };
        List<Table> tables =
                groupedGrid("stacked.pdf", new String[] {"Country", "Replies", "Researchers", "Level"}, groups);

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows())
                .containsExactly(
                        List.of("Country", "Replies", "Researchers", "Level"),
                        List.of("Latvia", "7", "8.002", "Low"),
                        List.of("Malta", "18", "975", "Low"),
                        List.of("Iceland", "18", "5.466", "Low"),
                        List.of("Cyprus", "45", "2.102", "Medium"),
                        List.of("Estonia", "46", "7.600", "Medium"),
                        List.of("Bulgaria", "52", "17.400", "Medium"));
    }

    @Test
    void gridOfCellsWrappedOnTheSameLines_withoutFigures_keepsEachCellWhole() throws IOException {
        String[][] groups = {
            {"Public information and\ndeliberation in policy", "North Carolina State\nUniversity", "NSF"},
            {"Nanotechnology and its\npublics", "Pennsylvania State\nUniversity", "DOE"}
        };
        List<Table> tables = groupedGrid("wrapped.pdf", new String[] {"Project", "Institution", "Agency"}, groups);

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows())
                .containsExactly(
                        List.of("Project", "Institution", "Agency"),
                        List.of(
                                "Public information and deliberation in policy",
                                "North Carolina State University",
                                "NSF"),
                        List.of("Nanotechnology and its publics", "Pennsylvania State University", "DOE"));
    }

    /**
     * A grid with a rule under the header and around each group of rows, not between the rows of a
     * group: each cell of a group holds its lines ("\n" apart) one row pitch apart, a cell of one
     * line sits at the group's middle.
     */
    private List<Table> groupedGrid(String name, String[] header, String[][] groups) throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        List<TestPdfs.Shape> shapes = new ArrayList<>();
        float left = 100;
        float width = 110;
        float pitch = 10;
        float top = 200;
        float y = top;
        shapes.add(TestPdfs.Shape.rule(left, left + width * header.length, y));
        for (int c = 0; c < header.length; c++) {
            texts.add(new TestPdfs.Text(left + c * width + 4, y + 9, header[c], PDType1Font.HELVETICA_BOLD, 8));
        }
        y += 13;
        for (String[] group : groups) {
            shapes.add(TestPdfs.Shape.rule(left, left + width * header.length, y));
            int lines = group[0].split("\n").length;
            for (int c = 0; c < group.length; c++) {
                String[] cell = group[c].split("\n");
                float first = y + 10 + (lines - cell.length) * pitch / 2;
                for (int i = 0; i < cell.length; i++) {
                    texts.add(new TestPdfs.Text(
                            left + c * width + 4, first + i * pitch, cell[i], PDType1Font.HELVETICA, 8));
                }
            }
            y += lines * pitch + 4;
        }
        shapes.add(TestPdfs.Shape.rule(left, left + width * header.length, y));
        for (int c = 0; c <= header.length; c++) {
            shapes.add(new TestPdfs.Shape(left + c * width, top, 0, y - top));
        }
        return tables(TestPdfs.write(dir.resolve(name), texts, shapes));
    }

    @Test
    void rulesAroundOnlyTheFirstRowsOfACaptionedTable_theWholeTableIsRead() throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        List<TestPdfs.Shape> shapes = new ArrayList<>();
        texts.add(TestPdfs.Text.body(LEFT, 100, "Table 4: Parsing results on section 23 of the treebank."));
        String[][] rows = {
            {"Parser", "Training", "F1"},
            {"Petrov et al.", "WSJ only", "90.4"},
            {"Zhu et al.", "WSJ only", "90.4"},
            {"Dyer et al.", "WSJ only", "91.7"},
            {"Huang and Harper", "semi-supervised", "91.3"},
            {"Luong et al.", "multi-task", "93.0"},
            {"Dyer et al.", "generative", "93.3"}
        };
        float[] columns = {LEFT, 200, 320};
        float y = 118;
        for (String[] row : rows) {
            for (int c = 0; c < row.length; c++) {
                texts.add(TestPdfs.Text.body(columns[c] + 3, y, row[c]));
            }
            y += 13;
        }
        // rules across the table above, between and below the body's first three rows, and column
        // rules beside the training column there only
        float boxTop = 118 + 13 - 10;
        float boxBottom = boxTop + 3 * 13;
        for (int r = 0; r <= 3; r++) {
            shapes.add(TestPdfs.Shape.rule(LEFT, 345, boxTop + r * 13));
        }
        shapes.add(new TestPdfs.Shape(columns[1], boxTop, 0, boxBottom - boxTop));
        shapes.add(new TestPdfs.Shape(columns[2], boxTop, 0, boxBottom - boxTop));
        paragraph(texts, y + 10, 2, 3);

        List<Table> tables = tables(TestPdfs.write(dir.resolve("part-ruled.pdf"), texts, shapes));

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows())
                .containsExactlyElementsOf(Stream.of(rows).map(List::of).toList());
    }

    @Test
    void gridWithHeaderCellsSpanningTwoColumns_putsEachOverItsFirstColumn_andJoinsAWrappedCellsLines()
            throws IOException {
        List<TestPdfs.Text> texts = new ArrayList<>();
        List<TestPdfs.Shape> shapes = new ArrayList<>();
        float[] columns = {60, 260, 320, 380, 440, 500};
        float top = 200;
        float pitch = 14;
        String[][] rows = {
            {"", "Male", "Female", "Male", "Female"},
            {"North", "1,204", "1,310", "1,288", "1,402"},
            {"South", "2,455", "2,601", "2,512", "2,690"}
        };
        // the first header row: "Region", then "2023" and "2024" each over two columns
        texts.add(new TestPdfs.Text(columns[0] + 3, top + 10, "Region", PDType1Font.HELVETICA_BOLD, 8));
        texts.add(new TestPdfs.Text(columns[1] + 3, top + 10, "2023", PDType1Font.HELVETICA_BOLD, 8));
        texts.add(new TestPdfs.Text(columns[3] + 3, top + 10, "2024", PDType1Font.HELVETICA_BOLD, 8));
        for (int r = 0; r < rows.length; r++) {
            for (int c = 0; c < 5; c++) {
                texts.add(new TestPdfs.Text(
                        columns[c] + 3, top + (r + 2) * pitch - 4, rows[r][c], PDType1Font.HELVETICA, 8));
            }
        }
        // a last row whose label wraps onto a second line
        float last = top + 4 * pitch;
        texts.add(new TestPdfs.Text(columns[0] + 3, last + 10, "East and the coastal", PDType1Font.HELVETICA, 8));
        texts.add(new TestPdfs.Text(columns[0] + 3, last + 20, "districts", PDType1Font.HELVETICA, 8));
        String[] east = {"876", "912", "901", "955"};
        for (int c = 1; c < 5; c++) {
            texts.add(new TestPdfs.Text(columns[c] + 3, last + 15, east[c - 1], PDType1Font.HELVETICA, 8));
        }
        float bottom = last + 2 * pitch;
        for (float y : new float[] {top, top + pitch, top + 2 * pitch, top + 3 * pitch, last, bottom}) {
            shapes.add(TestPdfs.Shape.rule(columns[0], columns[5], y));
        }
        for (int c = 0; c < columns.length; c++) {
            // the rules between the two columns under one year start below the first header row
            float from = c == 2 || c == 4 ? top + pitch : top;
            shapes.add(new TestPdfs.Shape(columns[c], from, 0, bottom - from));
        }

        List<Table> tables = tables(TestPdfs.write(dir.resolve("spanning.pdf"), texts, shapes));

        assertThat(tables).hasSize(1);
        assertThat(tables.getFirst().rows())
                .containsExactly(
                        List.of("Region", "2023", "", "2024", ""),
                        List.of(rows[0]),
                        List.of(rows[1]),
                        List.of(rows[2]),
                        List.of("East and the coastal districts", "876", "912", "901", "955"));
    }

    /**
     * A table ruled above, below and under its header rows, one line per row, its rules reaching
     * {@code x1}; returns its bottom.
     */
    private static float table(
            List<TestPdfs.Text> texts,
            List<TestPdfs.Shape> shapes,
            String[][] rows,
            float[] columns,
            float x1,
            float top,
            int headerRows) {
        shapes.add(TestPdfs.Shape.rule(columns[0] - 2, x1, top));
        float y = top + 3;
        for (int r = 0; r < rows.length; r++) {
            y += 10;
            for (int c = 0; c < rows[r].length; c++) {
                if (!rows[r][c].isEmpty()) {
                    texts.add(new TestPdfs.Text(columns[c], y, rows[r][c], PDType1Font.TIMES_ROMAN, 8));
                }
            }
            if (r + 1 == headerRows) {
                shapes.add(TestPdfs.Shape.rule(columns[0] - 2, x1, y + 4));
                y += 4;
            }
        }
        shapes.add(TestPdfs.Shape.rule(columns[0] - 2, x1, y + 5));
        return y + 5;
    }

    /** Lines of running text from {@code y} on, all but the last stretched to the full width; returns the last line's y. */
    private static float paragraph(List<TestPdfs.Text> texts, float y, int first, int lines) {
        for (int i = 0; i < lines; i++) {
            StringBuilder line = new StringBuilder();
            for (int w = 0; w < 7; w++) {
                line.append(w == 0 ? "" : " ").append(WORDS[(first + i * 7 + w) % WORDS.length]);
            }
            y += PITCH;
            texts.add(new TestPdfs.Text(
                    LEFT, y, line.toString(), PDType1Font.TIMES_ROMAN, 10, i + 1 < lines ? RIGHT - LEFT : 0));
        }
        return y;
    }

    static List<Table> tables(Path pdf) {
        Document d = PdfParser.create().parse(pdf);
        List<Table> out = new ArrayList<>();
        collect(d.root(), out);
        return out;
    }

    /** The text of a section and of every section under it, without the lines of its pipe tables. */
    private static String allText(Section s) {
        StringBuilder b = new StringBuilder();
        s.text()
                .lines()
                .filter(line -> !line.startsWith("|"))
                .forEach(line -> b.append(line).append('\n'));
        s.children().forEach(c -> b.append(allText(c)));
        return b.toString();
    }

    private static void collect(Section s, List<Table> out) {
        out.addAll(s.tables());
        s.children().forEach(c -> collect(c, out));
    }
}
