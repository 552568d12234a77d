package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.pdfbox.pdmodel.font.PDFont;
import org.apache.pdfbox.pdmodel.font.PDType1Font;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Cases unseen papers showed, reproduced on generated pages. Headings found without an outline:
 * paragraphs' first lines taken for headings when the body is bold, its size is misread or the first line is set
 * larger, a chart legend with a
 * tick number taken for a numbered heading, and the run-together letters of a rotated figure label. Text:
 * a venue line at the foot of the first page only, and a footnote interrupting a paragraph.
 */
class UnseenPaperCasesTest {

    private static final float LEFT = 72;
    private static final float WIDTH = 228;
    private static final String[] WORDS = {
        "judgments",
        "answers",
        "retrieval",
        "systems",
        "question",
        "passages",
        "evaluation",
        "annotators",
        "agreement",
        "metric",
        "corpus",
        "model",
        "documents",
        "ranking",
        "scores",
        "relevance",
        "generated",
        "the",
        "of",
        "and",
        "for",
        "with",
        "their",
        "on",
        "are",
        "we",
        "each",
        "from"
    };

    @TempDir
    Path dir;

    /** Sentences of the given count, each opening with a capital, drawn in a fixed order from WORDS. */
    private static String sentences(int first, int count) {
        StringBuilder b = new StringBuilder();
        int k = first;
        for (int s = 0; s < count; s++) {
            for (int w = 0; w < 9; w++) {
                String word = WORDS[(k++ * 7) % WORDS.length];
                b.append(w == 0 ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word);
                b.append(w == 8 ? ". " : " ");
            }
        }
        return b.toString().strip();
    }

    /** A builder of one narrow justified column, top to bottom, starting at x = {@code left}. */
    private static final class Column {
        final List<TestPdfs.Text> texts = new ArrayList<>();
        final float left;
        float y = 60;

        Column() {
            this(LEFT);
        }

        Column(float left) {
            this.left = left;
        }

        Column line(String text, PDFont font, float size, float leading) {
            texts.add(new TestPdfs.Text(left, y, text, font, size));
            y += leading;
            return this;
        }

        /** The paragraph wrapped to the column, every line but the last justified to its width. */
        Column paragraph(String text, PDFont font, float size, float firstSize) throws IOException {
            List<String> lines = new ArrayList<>();
            StringBuilder current = new StringBuilder();
            for (String word : text.split(" ")) {
                String tried = current.isEmpty() ? word : current + " " + word;
                float fontSize = lines.isEmpty() ? firstSize : size;
                if (font.getStringWidth(tried) / 1000 * fontSize > WIDTH && !current.isEmpty()) {
                    lines.add(current.toString());
                    current = new StringBuilder(word);
                } else {
                    current = new StringBuilder(tried);
                }
            }
            lines.add(current.toString());
            for (int i = 0; i < lines.size(); i++) {
                float fontSize = i == 0 ? firstSize : size;
                float width = i < lines.size() - 1 ? WIDTH : 0;
                texts.add(new TestPdfs.Text(left, y, lines.get(i), font, fontSize, width));
                y += 1.2f * size;
            }
            y += 0.5f * size;
            return this;
        }
    }

    private static List<String> titles(Section s) {
        List<String> out = new ArrayList<>();
        for (Section c : s.children()) {
            out.add(c.title());
            out.addAll(titles(c));
        }
        return out;
    }

    private Document parse(String name, List<List<TestPdfs.Text>> pages) throws IOException {
        return PdfParser.builder().useOutline(false).build().parse(TestPdfs.write(dir.resolve(name), pages));
    }

    private static final String[] NUMBERED = {"1 Introduction", "2 Judging answers", "3 Results"};
    private static final String[] UNNUMBERED = {"Introduction", "Judging answers", "Results"};

    /** Two pages of three sections, two paragraphs each, the body in the given font. */
    private static List<List<TestPdfs.Text>> paper(String[] headings, PDFont body, float size, float firstSize)
            throws IOException {
        List<List<TestPdfs.Text>> pages = new ArrayList<>();
        int sentence = 0;
        Column page = new Column().line("Judging Generated Answers", PDType1Font.TIMES_BOLD, 18, 40);
        for (int h = 0; h < headings.length; h++) {
            if (h == 2) {
                pages.add(page.texts);
                page = new Column();
            }
            page.line(headings[h], PDType1Font.TIMES_BOLD, 13, 22);
            String first = h == 0 ? "Human judgments are considered the gold standard for answers. " : "";
            page.paragraph(first + sentences(sentence, 4), body, size, firstSize);
            page.paragraph(sentences(sentence + 40, 4), body, size, firstSize);
            sentence += 80;
        }
        pages.add(page.texts);
        return pages;
    }

    /** A numbered section heading in small capitals: its first letters at the body size, the rest smaller. */
    private static void smallCapitals(Column page, String number, String title) throws IOException {
        String big = number + " " + title.charAt(0);
        PDFont font = PDType1Font.TIMES_ROMAN;
        page.texts.add(new TestPdfs.Text(LEFT + 60, page.y, big, font, 10));
        float x = LEFT + 60 + font.getStringWidth(big) / 1000 * 10;
        page.texts.add(new TestPdfs.Text(x, page.y, title.substring(1).toUpperCase(Locale.ROOT), font, 8));
        page.y += 18;
    }

    @Test
    void headingsSetApartOnlyByCapitalsOrItalics_areFoundWhenNumbered() throws IOException {
        // IEEE's style: sections "I. INTRODUCTION" in small capitals and subsections "A. Datasets" in
        // italics, both at the body size and weight, subsubsections "1) Title:" run in; an italic line of
        // emphasis without a number is no heading
        Column page = new Column().line("Judging Generated Answers", PDType1Font.TIMES_BOLD, 18, 40);
        smallCapitals(page, "I.", "Introduction");
        page.paragraph(sentences(0, 4), PDType1Font.TIMES_ROMAN, 10, 10);
        page.line("A. Judging answers", PDType1Font.TIMES_ITALIC, 10, 16);
        page.paragraph(sentences(40, 4), PDType1Font.TIMES_ROMAN, 10, 10);
        page.line("Answers are judged twice", PDType1Font.TIMES_ITALIC, 10, 16);
        page.paragraph(sentences(60, 3), PDType1Font.TIMES_ROMAN, 10, 10);
        page.line("B. Agreement", PDType1Font.TIMES_ITALIC, 10, 16);
        page.paragraph(sentences(80, 4), PDType1Font.TIMES_ROMAN, 10, 10);
        pieces(
                page,
                "1)",
                PDType1Font.TIMES_ROMAN,
                "Between judges:",
                PDType1Font.TIMES_ITALIC,
                sentences(90, 1),
                PDType1Font.TIMES_ROMAN);
        page.paragraph(sentences(100, 3), PDType1Font.TIMES_ROMAN, 10, 10);
        smallCapitals(page, "II.", "Results");
        page.paragraph(sentences(120, 4), PDType1Font.TIMES_ROMAN, 10, 10);
        Document d = parse("ieee-style.pdf", List.of(page.texts));

        assertThat(titles(d.root()))
                .containsExactly(
                        "I. INTRODUCTION", "A. Judging answers", "B. Agreement", "1) Between judges", "II. RESULTS");
        assertThat(d.root().children()).extracting(Section::title).containsExactly("I. INTRODUCTION", "II. RESULTS");
        assertThat(d.root().children().getFirst().children().getFirst().text()).contains("Answers are judged twice");
    }

    /** One line: pieces of text in their fonts, one after another with a word space between. */
    private static void pieces(Column page, Object... textsAndFonts) throws IOException {
        float x = LEFT;
        for (int i = 0; i < textsAndFonts.length; i += 2) {
            String text = (String) textsAndFonts[i];
            PDFont font = (PDFont) textsAndFonts[i + 1];
            page.texts.add(new TestPdfs.Text(x, page.y, text, font, 10));
            x += (font.getStringWidth(text) + font.getStringWidth(" ")) / 1000 * 10;
        }
        page.y += 12;
    }

    @Test
    void numberedRunInHeadings_openTheirSectionsAndLeaveTheRestOfTheLineToTheParagraph() throws IOException {
        // Springer's LNCS runs its subsubsections in, bold and without a stop; amsart sets a subsection's
        // number in the body font before its bold title, and a subsubsection's title in italics
        PDFont roman = PDType1Font.TIMES_ROMAN;
        Column page = new Column().line("Judging Generated Answers", PDType1Font.TIMES_BOLD, 18, 40);
        page.line("1 Introduction", PDType1Font.TIMES_BOLD, 13, 22);
        page.paragraph(sentences(0, 3), roman, 10, 10);
        pieces(page, "1.1.", roman, "Judging answers.", PDType1Font.TIMES_BOLD, sentences(10, 1), roman);
        page.paragraph(sentences(20, 3), roman, 10, 10);
        pieces(page, "1.1.1", PDType1Font.TIMES_BOLD, "Agreement", PDType1Font.TIMES_BOLD, sentences(30, 1), roman);
        page.paragraph(sentences(40, 3), roman, 10, 10);
        pieces(page, "1.1.2.", roman, "Disagreements.", PDType1Font.TIMES_ITALIC, sentences(50, 1), roman);
        page.paragraph(sentences(60, 3), roman, 10, 10);
        page.line("2 Results", PDType1Font.TIMES_BOLD, 13, 22);
        page.paragraph(sentences(80, 3), roman, 10, 10);
        Document d = parse("run-in.pdf", List.of(page.texts));

        assertThat(titles(d.root()))
                .containsExactly(
                        "1 Introduction",
                        "1.1. Judging answers",
                        "1.1.1 Agreement",
                        "1.1.2. Disagreements",
                        "2 Results");
        Section judging = d.root().children().getFirst().children().getFirst();
        assertThat(judging.text()).startsWith(sentences(10, 1));
        assertThat(judging.children()).extracting(Section::level).containsExactly(3, 3);
        assertThat(judging.children().get(1).text()).startsWith(sentences(50, 1));
    }

    /**
     * A heading wrapped to the column's width, its lines {@code leading} apart, the lines after the
     * first starting {@code hang} points in; the first line is asserted full.
     */
    private static void wrappedHeading(Column page, String text, float size, float hang) throws IOException {
        PDFont font = PDType1Font.TIMES_BOLD;
        List<String> lines = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String word : text.split(" ")) {
            String tried = current.isEmpty() ? word : current + " " + word;
            float room = WIDTH - (lines.isEmpty() ? 0 : hang);
            if (font.getStringWidth(tried) / 1000 * size > room && !current.isEmpty()) {
                lines.add(current.toString());
                current = new StringBuilder(word);
            } else {
                current = new StringBuilder(tried);
            }
        }
        lines.add(current.toString());
        assertThat(lines).hasSize(2);
        for (int i = 0; i < lines.size(); i++) {
            page.texts.add(new TestPdfs.Text(page.left + (i == 0 ? 0 : hang), page.y, lines.get(i), font, size));
            page.y += i == lines.size() - 1 ? 22 : 1.15f * size;
        }
    }

    @Test
    void headingsWrappedOntoASecondLine_stayOneHeading() throws IOException {
        // LaTeX hangs a numbered title's second line under its first word, so it starts off the column's
        // edge, and it goes on mid-phrase, in lower case; an unnumbered one wraps flush left
        PDFont bold = PDType1Font.TIMES_BOLD;
        PDFont roman = PDType1Font.TIMES_ROMAN;
        String numbered = "2 Judging the answers of retrieval systems with their passages";
        String unnumbered = "Agreement between the annotators and the judges of every question";
        Column page = new Column().line("Judging Generated Answers", bold, 18, 40);
        page.line("1 Introduction", bold, 13, 22);
        page.paragraph(sentences(0, 4), roman, 10, 10);
        wrappedHeading(page, numbered, 13, bold.getStringWidth("2 ") / 1000 * 13);
        page.paragraph(sentences(40, 4), roman, 10, 10);
        page.line("3 Results", bold, 13, 22);
        page.paragraph(sentences(80, 4), roman, 10, 10);
        wrappedHeading(page, unnumbered, 13, 0);
        page.paragraph(sentences(120, 4), roman, 10, 10);
        page.line("4 Conclusions", bold, 13, 22);
        page.paragraph(sentences(160, 4), roman, 10, 10);
        Document d = parse("wrapped-headings.pdf", List.of(page.texts));

        assertThat(titles(d.root()))
                .containsExactly("1 Introduction", numbered, "3 Results", unnumbered, "4 Conclusions");
        assertThat(d.root().children().get(1).text()).startsWith(sentences(40, 1));
    }

    @Test
    void unnumberedHeadingWrappedOntoASecondLine_isNotTakenForAParagraphsFirstLine() throws IOException {
        // a heading a fifth larger than the body, full to the column's edge, with two lines under it at
        // about the body's spacing: its second line, then the paragraph
        PDFont bold = PDType1Font.TIMES_BOLD;
        PDFont roman = PDType1Font.TIMES_ROMAN;
        String wrapped = "Judging the answers of retrieval systems with their passages";
        Column page = new Column().line("Judging Generated Answers", bold, 18, 40);
        page.line("Introduction", bold, 12, 18);
        page.paragraph(sentences(0, 4), roman, 10, 10);
        wrappedHeading(page, wrapped, 12, 0);
        page.y -= 6;
        page.paragraph(sentences(40, 4), roman, 10, 10);
        page.line("Results", bold, 12, 18);
        page.paragraph(sentences(80, 4), roman, 10, 10);
        Document d = parse("wrapped-unnumbered.pdf", List.of(page.texts));

        assertThat(titles(d.root())).containsExactly("Introduction", wrapped, "Results");
    }

    @Test
    void boldBodyText_paragraphFirstLinesAreNotHeadings() throws IOException {
        Document d = parse("bold-body.pdf", paper(UNNUMBERED, PDType1Font.TIMES_BOLD, 10, 10));

        assertThat(titles(d.root())).containsExactly(UNNUMBERED);
        assertThat(d.root().children().getFirst().text()).startsWith("Human judgments are considered the gold");
    }

    @Test
    void paragraphFirstLinesSetSlightlyLarger_areNotHeadings() throws IOException {
        // a first line at 11.5 pt over a 10 pt body is larger than the body; it still wraps into its
        // paragraph at the paragraph's line spacing
        Document d = parse("larger-first-lines.pdf", paper(UNNUMBERED, PDType1Font.TIMES_ROMAN, 10, 11.5f));

        assertThat(titles(d.root())).containsExactly(UNNUMBERED);
    }

    @Test
    void bodySizeMisreadFromALongerSmallerReferenceList_paragraphFirstLinesAreNotHeadings() throws IOException {
        // more characters at 9 pt than at 10 pt: the 10 pt paragraphs are larger than the "body"
        List<List<TestPdfs.Text>> pages = paper(UNNUMBERED, PDType1Font.TIMES_ROMAN, 10, 10);
        Column references = new Column().line("References", PDType1Font.TIMES_BOLD, 13, 22);
        for (int i = 0; i < 50; i++) {
            references.line("[" + (i + 1) + "] " + sentences(i * 3, 1), PDType1Font.TIMES_ROMAN, 9, 11);
        }
        pages.add(references.texts);
        Document d = parse("small-references.pdf", pages);

        assertThat(titles(d.root())).containsExactly("Introduction", "Judging answers", "Results", "References");
    }

    @Test
    void chartLegendOpeningWithATickNumber_isNotANumberedHeading() throws IOException {
        List<List<TestPdfs.Text>> pages = paper(NUMBERED, PDType1Font.TIMES_ROMAN, 10, 10);
        Column chart = new Column();
        chart.y = 560;
        chart.line("0.4 SFT GPT (prompted) GPT", PDType1Font.HELVETICA_BOLD, 12, 40);
        chart.line("Judging answers with their passages ends here.", PDType1Font.TIMES_ROMAN, 10, 12);
        pages.getFirst().addAll(chart.texts);
        Document d = parse("legend.pdf", pages);

        assertThat(titles(d.root())).containsExactly(NUMBERED);
        assertThat(d.root().children().get(1).text()).contains("0.4 SFT GPT (prompted) GPT");
    }

    @Test
    void authorsSetSideBySideAboveTwoColumns_theirInitialsAndAffiliations_areNoHeadings() throws IOException {
        // an author's initial reads like an appendix's letter ("F. Moreau", "A. Castillo"), and the
        // right-hand author's lines fall into the right column, read after the left one's headings
        PDFont roman = PDType1Font.TIMES_ROMAN;
        List<TestPdfs.Text> page = new ArrayList<>();
        page.add(new TestPdfs.Text(170, 60, "Judging Generated Answers", PDType1Font.TIMES_BOLD, 18));
        String[][] authors = {
            {"F. Moreau", "University of Synthetic Studies", "moreau@example.org"},
            {"A. Castillo", "Institute for Generated Text", "castillo@example.org"}
        };
        for (int a = 0; a < authors.length; a++) {
            float x = 120 + 250 * a;
            page.add(new TestPdfs.Text(x + 20, 100, authors[a][0], roman, 12));
            page.add(new TestPdfs.Text(x, 115, authors[a][1], roman, 12));
            page.add(new TestPdfs.Text(x + 10, 130, authors[a][2], PDType1Font.COURIER, 10));
        }
        Column left = new Column();
        left.y = 170;
        left.line("Abstract", PDType1Font.TIMES_BOLD, 12, 18);
        left.paragraph(sentences(0, 4), roman, 10, 10);
        left.line("1 Introduction", PDType1Font.TIMES_BOLD, 12, 18);
        left.paragraph(sentences(40, 5), roman, 10, 10);
        left.paragraph(sentences(80, 5), roman, 10, 10);
        Column right = new Column(320);
        right.y = 170;
        right.paragraph(sentences(120, 3), roman, 10, 10);
        right.line("2 Judging answers", PDType1Font.TIMES_BOLD, 12, 18);
        right.paragraph(sentences(160, 5), roman, 10, 10);
        right.line("3 Results", PDType1Font.TIMES_BOLD, 12, 18);
        right.paragraph(sentences(200, 4), roman, 10, 10);
        page.addAll(left.texts);
        page.addAll(right.texts);
        Document d = parse("authors-side-by-side.pdf", List.of(page));

        assertThat(titles(d.root())).containsExactly("Abstract", "1 Introduction", "2 Judging answers", "3 Results");
    }

    @Test
    void headingAtTheTopOfTheRightColumn_higherThanTheLeftColumnsFirstHeading_isKept() throws IOException {
        // a long abstract without a heading fills the left column down to the first section; the right
        // column opens with running text, then a subsection well above that first section
        PDFont roman = PDType1Font.TIMES_ROMAN;
        List<TestPdfs.Text> page = new ArrayList<>();
        page.add(new TestPdfs.Text(170, 60, "Judging Generated Answers", PDType1Font.TIMES_BOLD, 18));
        page.add(new TestPdfs.Text(140, 100, "F. Moreau", roman, 12));
        page.add(new TestPdfs.Text(390, 100, "A. Castillo", roman, 12));
        Column left = new Column();
        left.y = 150;
        left.paragraph(sentences(0, 12), PDType1Font.TIMES_BOLD, 9, 9);
        left.line("1 Introduction", PDType1Font.TIMES_BOLD, 12, 18);
        left.paragraph(sentences(40, 5), roman, 10, 10);
        Column right = new Column(320);
        right.y = 150;
        right.paragraph(sentences(120, 3), roman, 10, 10);
        right.line("1.1 Judging answers", PDType1Font.TIMES_BOLD, 11, 16);
        right.paragraph(sentences(160, 5), roman, 10, 10);
        right.line("2 Results", PDType1Font.TIMES_BOLD, 12, 18);
        right.paragraph(sentences(200, 4), roman, 10, 10);
        page.addAll(left.texts);
        page.addAll(right.texts);
        Document d = parse("right-column-heading.pdf", List.of(page));

        assertThat(titles(d.root())).containsExactly("1 Introduction", "1.1 Judging answers", "2 Results");
    }

    @Test
    void diagramsTitleInTheNumberedHeadingsStyle_centredOverItsBoxes_isNoHeading() throws IOException {
        // a diagram's bold title over one row of its boxes' labels and under it the figure's caption:
        // too few lines to tell a chart, but the numbered headings of that style start at the column's edge
        List<List<TestPdfs.Text>> pages = paper(NUMBERED, PDType1Font.TIMES_ROMAN, 10, 10);
        List<TestPdfs.Text> first = pages.getFirst();
        first.add(new TestPdfs.Text(150, 560, "Retrieval pipeline", PDType1Font.TIMES_BOLD, 13));
        first.add(TestPdfs.Text.body(LEFT + 20, 585, "Query"));
        first.add(TestPdfs.Text.body(LEFT + 100, 585, "Retriever"));
        first.add(TestPdfs.Text.body(LEFT + 180, 585, "Reader"));
        first.add(TestPdfs.Text.body(LEFT + 20, 610, "Figure 1: The stages of the pipeline."));
        Document d = parse("diagram-title.pdf", pages);

        assertThat(titles(d.root())).containsExactly(NUMBERED);
    }

    @Test
    void rotatedFigureLabelsRunTogether_areNotAHeading() throws IOException {
        List<List<TestPdfs.Text>> pages = paper(NUMBERED, PDType1Font.TIMES_ROMAN, 10, 10);
        Column figure = new Column();
        figure.y = 560;
        figure.line("A In ttp enu tito-nIn Vip suu atli zL ata ioy ne s r5", PDType1Font.TIMES_BOLD, 12, 40);
        pages.getFirst().addAll(figure.texts);
        Document d = parse("figure-letters.pdf", pages);

        assertThat(titles(d.root())).containsExactly(NUMBERED);
    }

    @Test
    void venueLineOnTheFirstPageOnly_isDropped_andAFootnoteLeavesTheParagraphItInterrupts() throws IOException {
        List<List<TestPdfs.Text>> pages = paper(NUMBERED, PDType1Font.TIMES_ROMAN, 10, 10);
        List<TestPdfs.Text> first = pages.getFirst();
        first.add(new TestPdfs.Text(
                LEFT, 640, "Judging answers with passages of the corpus", PDType1Font.TIMES_ROMAN, 10));
        first.add(
                new TestPdfs.Text(LEFT, 680, "1 Annotators were paid for each question.", PDType1Font.TIMES_ROMAN, 8));
        first.add(new TestPdfs.Text(
                LEFT, 730, "Proceedings of the 58th Annual Meeting, pages 1-9", PDType1Font.TIMES_ROMAN, 8));
        first.add(
                new TestPdfs.Text(LEFT, 740, "July 5 - 10, 2020. \u00a92020 Association", PDType1Font.TIMES_ROMAN, 8));
        pages.get(1).add(0, new TestPdfs.Text(LEFT, 48, "continues on the next page.", PDType1Font.TIMES_ROMAN, 10));
        Document d = parse("venue-and-footnote.pdf", pages);

        String judging = d.root().children().get(1).text();
        assertThat(judging).contains("Judging answers with passages of the corpus continues on the next page.");
        assertThat(judging).endsWith("\n\n1 Annotators were paid for each question.");
        assertThat(String.join(
                        "\n", d.root().children().stream().map(Section::text).toList()))
                .doesNotContain("Proceedings of the 58th", "2020 Association");
        assertThat(d.metadata()).containsEntry("venueLines", "2");
    }

    @Test
    void tableHeaderOverFourRows_withSpanningCells_isMergedIntoOneHeaderRow() throws IOException {
        List<List<TestPdfs.Text>> pages = paper(NUMBERED, PDType1Font.TIMES_ROMAN, 10, 10);
        List<TestPdfs.Text> table = new ArrayList<>();
        PDFont font = PDType1Font.TIMES_ROMAN;
        float y = 420;
        table.add(new TestPdfs.Text(LEFT, y, "Table 1: Scores of the systems on the test set.", font, 10));
        String[][] header = {
            {"Model", "Retrieval", "", "Generation", ""},
            {"", "Sparse", "Dense", "Short", "Long"},
            {"", "P@5", "P@5", "BLEU", "BLEU"},
            {"", "(%)", "(%)", "(%)", "(%)"}
        };
        float[] columns = {LEFT, 200, 260, 340, 400};
        for (String[] row : header) {
            y += 13;
            for (int c = 0; c < row.length; c++) {
                if (!row[c].isEmpty()) {
                    // a spanning cell sits between the two columns it spans
                    float x = c > 0 && row[c + 1 < row.length ? c + 1 : c].isEmpty() ? columns[c] + 20 : columns[c];
                    table.add(new TestPdfs.Text(x, y, row[c], font, 10));
                }
            }
        }
        String[][] body = {
            {"BM25", "41.2", "38.0", "12.1", "10.4"},
            {"Dense", "44.9", "47.3", "13.0", "11.8"},
            {"Hybrid", "46.1", "48.8", "13.6", "12.2"},
            {"Rerank", "49.5", "51.0", "14.2", "12.9"}
        };
        for (String[] row : body) {
            y += 13;
            for (int c = 0; c < row.length; c++) {
                table.add(new TestPdfs.Text(columns[c], y, row[c], font, 10));
            }
        }
        List<TestPdfs.Text> second = new ArrayList<>(pages.get(1));
        second.addAll(table);
        pages.set(1, second);
        Document d = parse("four-row-header.pdf", pages);

        Table found = d.root().children().get(2).tables().getFirst();
        assertThat(found.rows().getFirst())
                .containsExactly(
                        "Model",
                        "Retrieval Sparse P@5 (%)",
                        "Retrieval Dense P@5 (%)",
                        "Generation Short BLEU (%)",
                        "Generation Long BLEU (%)");
        assertThat(found.rows().get(1)).containsExactly("BM25", "41.2", "38.0", "12.1", "10.4");
    }
}
