package io.github.raglens.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import io.github.raglens.parse.pdf.PdfParser;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The scoring rules, and the parser's heading and table quality on the committed generated corpus. */
class ParseQualityTest {

    private static final Path CORPUS = Path.of("../raglens-parse/src/test/resources/generated-corpus");

    private static final List<List<String>> LEFT = List.of(List.of("System", "Recall"), List.of("BM25", "0.4"));
    private static final List<List<String>> RIGHT = List.of(List.of("System", "Cost"), List.of("Dense", "12"));

    @Test
    void tables_aFoundTableMatchesWhenItHoldsHalfOfATrueTablesCells_onItsPage() {
        List<ParseQuality.TrueTable> truth = List.of(new ParseQuality.TrueTable(2, LEFT));
        assertThat(ParseQuality.tables(List.of(new Table(2, List.of(List.of("System", "Recall")))), truth))
                .isEqualTo(new ParseQuality.Counts(1, 1, 1));
        assertThat(ParseQuality.tables(List.of(new Table(2, List.of(List.of("System")))), truth))
                .isEqualTo(new ParseQuality.Counts(0, 1, 1));
        assertThat(ParseQuality.tables(List.of(new Table(3, LEFT)), truth)).isEqualTo(new ParseQuality.Counts(0, 1, 1));
    }

    @Test
    void tables_sideBySideTablesMergedIntoOne_countAsOneFound() {
        Table merged = new Table(
                1, List.of(List.of("System", "Recall", "System", "Cost"), List.of("BM25", "0.4", "Dense", "12")));
        ParseQuality.Counts c = ParseQuality.tables(
                List.of(merged), List.of(new ParseQuality.TrueTable(1, LEFT), new ParseQuality.TrueTable(1, RIGHT)));
        assertThat(c).isEqualTo(new ParseQuality.Counts(1, 1, 2));
        assertThat(c.recall()).isEqualTo(0.5);
    }

    @Test
    void headings_matchOnWordsWithoutNumbering_eachTrueHeadingOnce() {
        Section a = new Section("a", "3.1 High-level methodology", 2, "", 1, 1, List.of(), List.of());
        Section b = new Section("b", "High-level  Methodology", 2, "", 1, 1, List.of(), List.of());
        Section c = new Section("c", "0.4 SFT GPT (prompted) GPT", 2, "", 1, 1, List.of(), List.of());
        Section root = new Section("r", "Paper", 0, "", 1, 1, List.of(), List.of(a, b, c));
        Document d = new Document("d", "Paper", "p.pdf", 1, Map.of(), root);
        assertThat(ParseQuality.headings(d, List.of("3.1 High-level methodology", "4 Results")))
                .isEqualTo(new ParseQuality.Counts(1, 3, 2));
    }

    @Test
    void csv_quotedFieldsKeepCommasQuotesAndLineBreaks() throws IOException {
        assertThat(ParseQualityBenchmark.csv("a,\"b, \"\"c\"\"\"\r\n\"d\ne\",f\n"))
                .containsExactly(List.of("a", "b, \"c\""), List.of("d\ne", "f"));
    }

    /**
     * Floors at the figures measured when the corpus was committed, so a change that loses headings
     * or tables on documents no shared file tunes fails here; raise them as the parser improves.
     */
    @Test
    void generatedCorpus_headingsWithoutOutlineAndTables_stayAtOrAboveTheirFloors() throws IOException {
        PdfParser parser = PdfParser.builder().useOutline(false).build();
        ParseQuality.Counts headings = ParseQuality.Counts.NONE;
        ParseQuality.Counts tables = ParseQuality.Counts.NONE;
        List<ParseQuality.Truth> corpus = ParseQuality.corpus(CORPUS);
        assertThat(corpus).hasSize(25);
        for (ParseQuality.Truth t : corpus) {
            Document d = parser.parse(t.pdf());
            headings = headings.plus(ParseQuality.headings(d, t.headings()));
            tables = tables.plus(ParseQuality.tables(ParseQuality.tables(d), t.tables()));
        }
        assertThat(headings.expected()).isEqualTo(369); // 417 headings, 48 of them run-in paragraph headings
        assertThat(headings.precision()).as("heading precision, " + headings).isGreaterThanOrEqualTo(0.95);
        assertThat(headings.recall()).as("heading recall, " + headings).isGreaterThanOrEqualTo(0.95);
        assertThat(tables.expected()).isEqualTo(103);
        assertThat(tables.precision()).as("table precision, " + tables).isGreaterThanOrEqualTo(0.95);
        assertThat(tables.recall()).as("table recall, " + tables).isGreaterThanOrEqualTo(0.95);
    }
}
