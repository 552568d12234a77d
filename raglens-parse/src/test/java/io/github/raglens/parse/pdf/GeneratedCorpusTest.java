package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import io.github.raglens.parse.DocumentMarkdown;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Cases seen on unseen papers and reports, reproduced by the generated corpus (typeset by pdflatex and
 * LibreOffice Writer from {@code benchmarks/corpus/generate.py}; the ground truth is the JSON next to
 * each PDF).
 */
class GeneratedCorpusTest {

    private static final Path CORPUS = Path.of("src/test/resources/generated-corpus");

    private static List<Table> tables(Section s) {
        List<Table> out = new ArrayList<>(s.tables());
        s.children().forEach(c -> out.addAll(tables(c)));
        return out;
    }

    @Test
    void sideBySideTables_underCaptionsOnOneRow_areKeptApart() {
        Document d = PdfParser.create().parse(CORPUS.resolve("latex-04.pdf"));
        List<List<String>> headers = tables(d.root()).stream()
                .filter(t -> t.page() == 6)
                .map(t -> t.rows().getFirst())
                .toList();
        assertThat(headers)
                .containsExactly(List.of("System", "Pages 1", "Pages 2"), List.of("System", "Recall 1", "Accuracy 2"));
    }

    @Test
    void sideBySideTables_widerThanTheirCentredCaptions_keepEachItsOwnColumns() throws IOException {
        // amsart centres short captions over tables wider than they are: a part starting at the second
        // caption cut the first column off the second table and gave it to the first
        Document d = PdfParser.create().parse(CORPUS.resolve("amsart-01.pdf"));
        List<List<List<String>>> found = tables(d.root()).stream()
                .filter(t -> t.page() == 12)
                .map(Table::rows)
                .toList();
        List<List<List<String>>> truth = new ArrayList<>();
        for (JsonNode t : truth("amsart-01").get("tables")) {
            if (t.get("page").asInt() == 12) {
                List<List<String>> rows = new ArrayList<>();
                t.get("cells").forEach(r -> {
                    List<String> row = new ArrayList<>();
                    r.forEach(c -> row.add(c.asText()));
                    rows.add(row);
                });
                truth.add(rows);
            }
        }
        assertThat(truth).hasSize(2);
        assertThat(found).containsExactlyElementsOf(truth);
    }

    @Test
    void captionedTable_onTwoColumnPage_keepsBothColumnsTextAndHeadingsOut() {
        Document d = PdfParser.builder().useOutline(false).build().parse(CORPUS.resolve("latex-08.pdf"));
        List<Table> onPage4 =
                tables(d.root()).stream().filter(t -> t.page() == 4).toList();
        assertThat(onPage4).hasSize(1);
        assertThat(onPage4.getFirst().rows())
                .containsExactly(
                        List.of("System", "Precision 1", "Accuracy 2", "Cost 3"),
                        List.of("BM25-30", "2.2", "Method", "17.8"),
                        List.of("Hybrid-46", "23.6", "88.9", "Approach"),
                        List.of("Random-28", "1532", "3544", "Measurement"),
                        List.of("Random-61", "318", "Context", "15.4"));
        assertThat(titles(d.root()))
                .contains("4.1 Data collection", "4.2 Extracting structured data", "4.3 Experimental setup");
    }

    @Test
    void tableAboveChart_endsBeforeTheTickLabels() {
        Document d = PdfParser.create().parse(CORPUS.resolve("latex-08.pdf"));
        Table ablation =
                tables(d.root()).stream().filter(t -> t.page() == 5).findFirst().orElseThrow();
        assertThat(ablation.rows().getLast())
                .containsExactly("Random-55", "95.1", "24.2", "1890", "15.6", "1280", "83.8");
    }

    @Test
    void headerOverTwoRows_withSpanningCells_isMergedIntoOneHeaderRow() {
        Document d = PdfParser.create().parse(CORPUS.resolve("latex-01.pdf"));
        Table corpus =
                tables(d.root()).stream().filter(t -> t.page() == 3).findFirst().orElseThrow();
        assertThat(corpus.rows().getFirst())
                .containsExactly("Setting Metric", "Train 1 P@5", "Train 1 P@10", "Train 2 nDCG@5", "Train 2 nDCG@10");
        assertThat(corpus.rows().get(1)).containsExactly("Ours-19", "71.1", "Approach", "Token", "46.6");
    }

    /**
     * Writer breaks each bulletin's long table over a page, repeating its header row there in odd
     * bulletins and not in even ones; on the next page it has no caption, and the page may have another
     * captioned table.
     */
    @ParameterizedTest
    @ValueSource(strings = {"bulletin-01", "bulletin-02", "bulletin-03", "bulletin-04"})
    void tableContinuedOnTheNextPage_isOneTable_withEveryRowAndItsHeaderOnce(String name) throws IOException {
        List<List<String>> truth = trueTable(name, "long");
        Document d = PdfParser.create().parse(CORPUS.resolve(name + ".pdf"));
        List<Table> withHeader = tables(d.root()).stream()
                .filter(t -> t.rows().contains(truth.getFirst()))
                .toList();
        assertThat(withHeader).hasSize(1);
        assertThat(withHeader.getFirst().rows()).isEqualTo(truth);
    }

    /**
     * Writer breaks a report's third table after four rows, with the page's footnotes (set at the body's
     * size) between its two parts.
     */
    @Test
    void tableContinuedOnTheNextPage_pastTheFootnotesOfItsFirstPage_isOneTable() throws IOException {
        List<List<String>> truth = new ArrayList<>();
        truth("writer-03").get("tables").get(2).get("cells").forEach(r -> {
            List<String> row = new ArrayList<>();
            r.forEach(c -> row.add(c.asText()));
            truth.add(row);
        });
        Document d = PdfParser.create().parse(CORPUS.resolve("writer-03.pdf"));
        assertThat(tables(d.root())).hasSize(4).anyMatch(t -> t.rows().equals(truth));
    }

    /** Rows ruled above and below, the description cell over several lines, the other cells centred beside it. */
    @ParameterizedTest
    @ValueSource(strings = {"bulletin-02", "bulletin-03"})
    void multiLineCellBetweenTheRulesOfOneRow_staysOneRow(String name) throws IOException {
        List<List<String>> truth = trueTable(name, "multiline");
        Document d = PdfParser.create().parse(CORPUS.resolve(name + ".pdf"));
        assertThat(tables(d.root())).anyMatch(t -> t.rows().equals(truth));
    }

    @Test
    void allCapsHeadingBeforeTheFirstNumberedOne_onTheFirstPage_isAHeadingNotFrontMatter() {
        Document d = parseWithoutOutline("bulletin-01");
        assertThat(titles(d.root()))
                .startsWith("METHODOLOGY AND SOURCES", "1 Data collection")
                .endsWith("REVISIONS POLICY");
    }

    @Test
    void runInHeading_staysTheLeadInOfItsParagraph_notASection() {
        Document d = PdfParser.builder().useOutline(false).build().parse(CORPUS.resolve("latex-08.pdf"));
        Section setup = sections(d.root()).stream()
                .filter(s -> s.title().equals("4.3 Experimental setup"))
                .findFirst()
                .orElseThrow();
        assertThat(titles(d.root())).noneMatch(t -> t.startsWith("Ablation studies"));
        assertThat(setup.text()).contains("Ablation studies. Judge metric judge sentence document measurement");
    }

    @Test
    void hyphenAtLineEnd_isKeptInTheDocumentsCompoundsAndRemovedInBrokenWords() {
        String text = DocumentMarkdown.render(PdfParser.create().parse(CORPUS.resolve("latex-02.pdf")));
        assertThat(text).doesNotContain("machinereadable").contains("machine-readable");
        assertThat(text).doesNotContain("configura-tion", "embed-ding").contains("configuration", "embedding");
    }

    @ParameterizedTest
    @MethodSource("generatedPdfs")
    void runningTitlesAndVenueLines_areDroppedOnEveryPage(String name) throws IOException {
        JsonNode truth = truth(name);
        Document d = parseWithoutOutline(name);
        String text =
                String.join("\n", sections(d.root()).stream().map(Section::text).toList());
        for (JsonNode running : truth.get("runningLines")) {
            assertThat(text).doesNotContain(running.asText());
        }
    }

    @ParameterizedTest
    @MethodSource("generatedPdfsWithFootnotes")
    void footnotes_areParagraphsOfTheirOwn_notInsideTheParagraphTheyInterrupt(String name) throws IOException {
        JsonNode truth = truth(name);
        Document d = parseWithoutOutline(name);
        List<String> paragraphs = new ArrayList<>();
        for (Section s : sections(d.root())) {
            paragraphs.addAll(List.of(s.text().split("\n\n")));
        }
        assertThat(truth.get("footnotes")).isNotEmpty();
        for (JsonNode note : truth.get("footnotes")) {
            String text = note.asText();
            // the paragraph holding the note is the note and its mark
            assertThat(paragraphs)
                    .as(name + ": footnote '" + text + "'")
                    .anyMatch(p -> p.endsWith(text) && p.length() <= text.length() + 4);
        }
    }

    @Test
    void chartAxisLabelsAndTickNumbers_areLeftOutOfTextAndHeadingsAndCounted() {
        Document d = PdfParser.builder().useOutline(false).build().parse(CORPUS.resolve("latex-01.pdf"));
        String text =
                String.join("\n", sections(d.root()).stream().map(Section::text).toList());
        assertThat(text).contains("Figure 1: Accuracy of the systems as the input grows (1).");
        assertThat(text).doesNotContain("1 1.5 2 2.5 3", "0.2 GPT (prompted)", "Training steps (thousands)");
        assertThat(titles(d.root())).noneMatch(t -> t.contains("GPT") || t.matches("[0-9. ]+"));
        assertThat(d.metadata()).containsEntry("figureTextLines", "18");
    }

    /** Every generated PDF with its ground truth beside it, by name without the extension. */
    static List<String> generatedPdfs() throws IOException {
        try (Stream<Path> files = Files.list(CORPUS)) {
            List<String> names = files.map(f -> f.getFileName().toString())
                    .filter(f -> f.endsWith(".pdf"))
                    .map(f -> f.substring(0, f.length() - ".pdf".length()))
                    .filter(n -> Files.exists(CORPUS.resolve(n + ".json")))
                    .sorted()
                    .toList();
            assertThat(names)
                    .as("generated PDFs with ground truth in " + CORPUS)
                    .isNotEmpty();
            return names;
        }
    }

    /** The cells of a document's true table of the given kind. */
    private static List<List<String>> trueTable(String name, String kind) throws IOException {
        for (JsonNode t : truth(name).get("tables")) {
            if (t.path("kind").asText().equals(kind)) {
                List<List<String>> rows = new ArrayList<>();
                t.get("cells").forEach(r -> {
                    List<String> row = new ArrayList<>();
                    r.forEach(c -> row.add(c.asText()));
                    rows.add(row);
                });
                return rows;
            }
        }
        throw new AssertionError(name + " has no " + kind + " table");
    }

    /** The generated PDFs whose sources have footnotes (the bulletins have none). */
    static List<String> generatedPdfsWithFootnotes() throws IOException {
        List<String> out = new ArrayList<>();
        for (String name : generatedPdfs()) {
            if (!truth(name).get("footnotes").isEmpty()) {
                out.add(name);
            }
        }
        assertThat(out).as("generated PDFs with footnotes").hasSizeGreaterThanOrEqualTo(11);
        return out;
    }

    private static JsonNode truth(String name) throws IOException {
        return Json.readTree(CORPUS.resolve(name + ".json"));
    }

    private static Document parseWithoutOutline(String name) {
        return PdfParser.builder().useOutline(false).build().parse(CORPUS.resolve(name + ".pdf"));
    }

    private static List<Section> sections(Section s) {
        List<Section> out = new ArrayList<>();
        for (Section c : s.children()) {
            out.add(c);
            out.addAll(sections(c));
        }
        return out;
    }

    private static List<String> titles(Section s) {
        List<String> out = new ArrayList<>();
        for (Section c : s.children()) {
            out.add(c.title());
            out.addAll(titles(c));
        }
        return out;
    }
}
