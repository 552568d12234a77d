package io.github.raglens.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Document;
import io.github.raglens.model.Table;
import io.github.raglens.parse.pdf.PdfParser;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.commons.csv.CSVFormat;
import org.apache.commons.csv.CSVParser;
import org.apache.commons.csv.CSVRecord;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineItem;
import org.apache.pdfbox.pdmodel.interactive.documentnavigation.outline.PDOutlineNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Heading and table precision/recall of the PDF parser ({@link ParseQuality}'s rules) on the
 * generated corpus (ground truth from its LaTeX sources) and on the shared sets: headings without the
 * outline against the outline of the shared papers and Docling's PDFs, tables against the Tabula
 * suite's expected CSV and JSON files.
 */
@Command(
        name = "parse-quality",
        description = "PDF parse quality: heading and table precision/recall on the generated corpus and the"
                + " shared sets.")
final class ParseQualityBenchmark implements Callable<Integer> {

    @Option(
            names = "--corpus",
            defaultValue = "raglens-parse/src/test/resources/generated-corpus",
            description = "Folder of generated PDFs with their ground-truth JSON.")
    Path corpus;

    @Option(names = "--shared", defaultValue = "../shared/data", description = "The shared data folder.")
    Path shared;

    @Option(
            names = "--details",
            description = "Print each document's unmatched headings: found but not true (+), true but not found (-).")
    boolean details;

    @Override
    public Integer call() throws IOException {
        PdfParser headingsOnly = PdfParser.builder().useOutline(false).build();
        ParseQuality.Counts genHeadings = ParseQuality.Counts.NONE;
        ParseQuality.Counts genTables = ParseQuality.Counts.NONE;
        for (ParseQuality.Truth t : ParseQuality.corpus(corpus)) {
            Document d = headingsOnly.parse(t.pdf());
            ParseQuality.Counts h = headings(t.pdf(), d, t.headings());
            ParseQuality.Counts tab = ParseQuality.tables(ParseQuality.tables(d), t.tables());
            System.out.printf("generated %s: headings %s; tables %s%n", t.pdf().getFileName(), h, tab);
            genHeadings = genHeadings.plus(h);
            genTables = genTables.plus(tab);
        }
        System.out.println("generated headings: " + genHeadings);
        System.out.println("generated tables: " + genTables);
        ParseQuality.Counts sharedHeadings = sharedHeadings(headingsOnly);
        ParseQuality.Counts sharedTables = tabulaTables();
        System.out.println("shared headings (papers and Docling PDFs, against their outlines): " + sharedHeadings);
        System.out.println("shared tables (Tabula suite pages): " + sharedTables);
        Figures f = new Figures("parse-quality");
        put(f, "generatedHeadings", genHeadings);
        put(f, "generatedTables", genTables);
        put(f, "sharedHeadings", sharedHeadings);
        put(f, "sharedTables", sharedTables);
        f.print();
        return 0;
    }

    private static void put(Figures f, String name, ParseQuality.Counts c) {
        f.put(name + "Precision", c.precision())
                .put(name + "Recall", c.recall())
                .put(name + "True", c.expected());
    }

    private ParseQuality.Counts sharedHeadings(PdfParser parser) throws IOException {
        List<Path> pdfs = new ArrayList<>(pdfs(shared.resolve("pdfs")));
        pdfs.addAll(pdfs(shared.resolve("docling-pdf-groundtruth/pdf")));
        ParseQuality.Counts total = ParseQuality.Counts.NONE;
        for (Path pdf : pdfs) {
            List<String> outline = new ArrayList<>();
            try (PDDocument doc = PDDocument.load(pdf.toFile())) {
                if (doc.getDocumentCatalog().getDocumentOutline() != null) {
                    titles(doc.getDocumentCatalog().getDocumentOutline(), outline);
                }
            }
            if (outline.isEmpty()) {
                continue;
            }
            try {
                total = total.plus(headings(pdf, parser.parse(pdf), outline));
            } catch (RuntimeException e) { // a file that fails finds nothing: its outline counts as missed
                System.out.printf("headings %s: parse failed: %s%n", pdf.getFileName(), e.getMessage());
                total = total.plus(new ParseQuality.Counts(0, 0, outline.size()));
            }
        }
        return total;
    }

    private ParseQuality.Counts headings(Path pdf, Document d, List<String> truth) {
        ParseQuality.HeadingMatch m = ParseQuality.headingMatch(d, truth);
        if (details) {
            m.extra().forEach(h -> System.out.printf("  %s + %s%n", pdf.getFileName(), h));
            m.missed().forEach(h -> System.out.printf("  %s - %s%n", pdf.getFileName(), h));
        }
        return m.counts();
    }

    private static void titles(PDOutlineNode node, List<String> out) {
        for (PDOutlineItem item : node.children()) {
            if (item.getTitle() != null && !item.getTitle().isBlank()) {
                out.add(item.getTitle());
            }
            titles(item, out);
        }
    }

    /**
     * The Tabula suite's pages with an exact expected table: true tables are the distinct expected
     * files of a page, found tables those the default parser finds on it.
     */
    private ParseQuality.Counts tabulaTables() throws IOException {
        Path root = shared.resolve("tabula-java");
        Map<String, Set<String>> expectedByPage = new LinkedHashMap<>();
        List<String> lines = Files.readAllLines(root.resolve("manifest.tsv"), StandardCharsets.UTF_8);
        for (String line : lines.subList(1, lines.size())) {
            String[] f = line.split("\t", -1);
            if (f[9].startsWith("exact CSV") || f[9].startsWith("exact JSON")) {
                expectedByPage
                        .computeIfAbsent(f[3] + "\t" + f[4], k -> new LinkedHashSet<>())
                        .add(f[8]);
            }
        }
        PdfParser parser = PdfParser.create();
        ParseQuality.Counts total = ParseQuality.Counts.NONE;
        for (Map.Entry<String, Set<String>> e : expectedByPage.entrySet()) {
            String[] key = e.getKey().split("\t");
            int page = Integer.parseInt(key[1]);
            List<ParseQuality.TrueTable> truth = new ArrayList<>();
            Set<String> seen = new LinkedHashSet<>();
            for (String expected : e.getValue()) {
                for (List<List<String>> cells : expectedTables(root.resolve(expected))) {
                    if (seen.add(cells.toString())) {
                        truth.add(new ParseQuality.TrueTable(page, cells));
                    }
                }
            }
            List<Table> found = ParseQuality.tables(
                            parser.parse(root.resolve("resources").resolve(key[0])))
                    .stream()
                    .filter(t -> t.page() == page)
                    .toList();
            ParseQuality.Counts c = ParseQuality.tables(found, truth);
            System.out.printf("tabula %s p%d: %s%n", key[0], page, c);
            total = total.plus(c);
        }
        return total;
    }

    /** The tables of an expected file: a JSON list of tables or one table, or one CSV table. */
    private static List<List<List<String>>> expectedTables(Path file) throws IOException {
        if (!file.toString().endsWith(".json")) {
            return List.of(csv(Files.readString(file, StandardCharsets.UTF_8)));
        }
        JsonNode node = Json.readTree(file);
        List<JsonNode> tables = new ArrayList<>();
        if (node.isArray()) {
            node.forEach(tables::add);
        } else {
            tables.add(node);
        }
        List<List<List<String>>> out = new ArrayList<>();
        for (JsonNode t : tables) {
            List<List<String>> rows = new ArrayList<>();
            for (JsonNode row : t.get("data")) {
                List<String> cells = new ArrayList<>();
                row.forEach(c -> cells.add(c.get("text").asText()));
                rows.add(cells);
            }
            out.add(rows);
        }
        return out;
    }

    /** RFC 4180 rows: quoted fields may hold commas, doubled quotes and line breaks. */
    static List<List<String>> csv(String text) throws IOException {
        try (CSVParser parser = CSVParser.parse(text, CSVFormat.RFC4180)) {
            return parser.stream().map(CSVRecord::toList).toList();
        }
    }

    private static List<Path> pdfs(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
    }
}
