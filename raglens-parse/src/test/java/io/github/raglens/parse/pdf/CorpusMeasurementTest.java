package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import io.github.raglens.parse.DocumentMarkdown;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.glyphs.Deadline;
import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.PdfTextCollector;
import io.github.raglens.parse.headings.HeadingCandidate;
import io.github.raglens.parse.headings.OutlineReader;
import io.github.raglens.parse.layout.Captions;
import io.github.raglens.parse.layout.ColumnLayout;
import io.github.raglens.parse.layout.Line;
import io.github.raglens.parse.tables.TabulaSuiteTest;
import io.github.raglens.testdata.SharedData;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Measurements on the real shared corpus for the closing note: table counts against captions,
 * headings without the outline against the outline, and word-level F1 against Docling's Markdown.
 * They parse about 250 pages, so they run only with {@code -Draglens.measure=true}.
 */
class CorpusMeasurementTest {

    private static final Pattern WORD = Pattern.compile("[\\p{L}\\p{N}]+");

    @BeforeAll
    static void onlyWhenAsked() {
        Assumptions.assumeTrue(
                Boolean.getBoolean("raglens.measure"), "skipped: corpus measurements run with -Draglens.measure=true");
    }

    private static List<Path> pdfs(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
    }

    private static void tables(Section s, List<Table> out) {
        out.addAll(s.tables());
        s.children().forEach(c -> tables(c, out));
    }

    private static void titles(Section s, List<String> out) {
        if (s.level() > 0) {
            out.add(s.title());
        }
        s.children().forEach(c -> titles(c, out));
    }

    /** Pages that carry a "Table N" caption line. */
    private static Set<Integer> captionPages(Path pdf) throws IOException {
        Set<Integer> pages = new HashSet<>();
        try (PDDocument doc = PDDocument.load(pdf.toFile())) {
            for (PageText p : new PdfTextCollector(Deadline.after(Duration.ofMinutes(5))).collect(doc)) {
                for (Line line : ColumnLayout.lines(p)) {
                    if (Captions.table(line.text())) {
                        pages.add(p.page());
                    }
                }
            }
        }
        return pages;
    }

    @Test
    void papers_tableCountsAgainstCaptions() throws IOException {
        Path dir = SharedData.require("pdfs");
        Map<String, Integer> captions = new HashMap<>();
        for (String line : Files.readAllLines(dir.resolve("manifest.tsv"), StandardCharsets.UTF_8)
                .subList(1, 16)) {
            String[] f = line.split("\t", -1);
            if (!f[5].isBlank()) {
                captions.put(f[0], Integer.parseInt(f[5]));
            }
        }
        PdfParser parser = PdfParser.create();
        int found = 0;
        int expected = 0;
        int offCaption = 0;
        for (Path pdf : pdfs(dir)) {
            Integer want = captions.get(pdf.getFileName().toString());
            if (want == null) {
                continue;
            }
            List<Table> tables = new ArrayList<>();
            tables(parser.parse(pdf).root(), tables);
            Set<Integer> captionPages = captionPages(pdf);
            int off = (int) tables.stream()
                    .filter(t -> !captionPages.contains(t.page()))
                    .count();
            System.out.printf(
                    "tables %s: found %d, captions %d, on caption-less pages %d%n",
                    pdf.getFileName(), tables.size(), want, off);
            found += tables.size();
            expected += want;
            offCaption += off;
        }
        System.out.printf(
                "tables total: found %d vs %d captions (ratio %.2f); %d (%.1f%%) on pages without a caption%n",
                found, expected, (double) found / expected, offCaption, 100.0 * offCaption / Math.max(1, found));
        assertThat((double) found / expected).isBetween(0.75, 1.25);
    }

    @Test
    void headings_withoutOutlineAgainstOutline() throws IOException {
        List<Path> pdfs = new ArrayList<>(pdfs(SharedData.require("pdfs")));
        pdfs.addAll(pdfs(SharedData.require("docling-pdf-groundtruth/pdf")));
        PdfParser fonts = PdfParser.builder().useOutline(false).tables(false).build();
        int truePositives = 0;
        int foundTotal = 0;
        int outlineTotal = 0;
        for (Path pdf : pdfs) {
            List<HeadingCandidate> outline;
            try (PDDocument doc = PDDocument.load(pdf.toFile())) {
                outline = OutlineReader.read(doc);
            } catch (IOException e) {
                continue;
            }
            if (outline.isEmpty()) {
                continue;
            }
            Document d;
            try {
                d = fonts.parse(pdf);
            } catch (RuntimeException e) {
                System.out.printf("headings %s: parse failed: %s%n", pdf.getFileName(), e.getMessage());
                outlineTotal += outline.size();
                continue;
            }
            List<String> found = new ArrayList<>();
            titles(d.root(), found);
            List<String> want = new ArrayList<>(
                    outline.stream().map(h -> OutlineReader.key(h.title())).toList());
            int tp = 0;
            for (String f : found) {
                if (want.remove(OutlineReader.key(f))) {
                    tp++;
                }
            }
            System.out.printf(
                    "headings %s: outline %d, found %d, matched %d; missed %s%n",
                    pdf.getFileName(), outline.size(), found.size(), tp, want);
            truePositives += tp;
            foundTotal += found.size();
            outlineTotal += outline.size();
        }
        double precision = (double) truePositives / Math.max(1, foundTotal);
        double recall = (double) truePositives / Math.max(1, outlineTotal);
        System.out.printf(
                "headings total: precision %.3f, recall %.3f (%d matched, %d found, %d outline entries)%n",
                precision, recall, truePositives, foundTotal, outlineTotal);
        assertThat(recall).isGreaterThan(0.5);
    }

    private static Map<String, Integer> words(String text) {
        Map<String, Integer> out = new HashMap<>();
        Matcher m = WORD.matcher(text.toLowerCase(Locale.ROOT));
        while (m.find()) {
            out.merge(m.group(), 1, Integer::sum);
        }
        return out;
    }

    static double f1(String ours, String theirs) {
        Map<String, Integer> a = words(ours);
        Map<String, Integer> b = words(theirs);
        int overlap = 0;
        for (Map.Entry<String, Integer> e : a.entrySet()) {
            overlap += Math.min(e.getValue(), b.getOrDefault(e.getKey(), 0));
        }
        int na = a.values().stream().mapToInt(Integer::intValue).sum();
        int nb = b.values().stream().mapToInt(Integer::intValue).sum();
        if (overlap == 0) {
            return 0;
        }
        double p = (double) overlap / na;
        double r = (double) overlap / nb;
        return 2 * p * r / (p + r);
    }

    @Test
    void docling_wordF1AgainstGroundTruth() throws IOException {
        Path root = SharedData.require("docling-pdf-groundtruth");
        double sum = 0;
        int n = 0;
        for (Path pdf : pdfs(root.resolve("pdf"))) {
            String stem = DocumentIds.stem(pdf);
            Path md = root.resolve("groundtruth-md").resolve(stem + ".md");
            if (!Files.exists(md)) {
                continue;
            }
            double f1;
            try {
                f1 = f1(DocumentMarkdown.render(PdfParser.create().parse(pdf)), Files.readString(md));
            } catch (RuntimeException e) {
                f1 = 0;
                System.out.printf("docling %s: failed: %s%n", stem, e.getMessage());
            }
            System.out.printf("docling %s: word F1 %.3f%n", stem, f1);
            sum += f1;
            n++;
        }
        System.out.printf("docling average word F1 over %d files: %.3f%n", n, sum / n);
        assertThat(sum / n).isGreaterThan(0.7);
    }

    private static String cellKey(String cell) {
        return java.text.Normalizer.normalize(cell, java.text.Normalizer.Form.NFKC)
                .replaceAll("\\s+", " ")
                .strip();
    }

    @Test
    void tabulaPdfs_tablesWithoutHints_cellRecall() throws IOException {
        Path root = SharedData.require("tabula-java");
        PdfParser parser = PdfParser.create();
        int good = 0;
        int n = 0;
        for (TabulaSuiteTest.Case c : TabulaSuiteTest.cases(root)) {
            List<String> expected = new ArrayList<>();
            for (List<String> row : TabulaSuiteTest.expectedRows(c.expected())) {
                for (String cell : row) {
                    if (!cell.isBlank()) {
                        expected.add(cellKey(cell));
                    }
                }
            }
            Map<String, Integer> found = new HashMap<>();
            int tablesOnPage = 0;
            try {
                List<Table> tables = new ArrayList<>();
                tables(parser.parse(c.pdf()).root(), tables);
                for (Table t : tables) {
                    if (t.page() == c.page()) {
                        tablesOnPage++;
                        for (List<String> row : t.rows()) {
                            for (String cell : row) {
                                found.merge(cellKey(cell), 1, Integer::sum);
                            }
                        }
                    }
                }
            } catch (RuntimeException e) {
                System.out.printf("nohints %s: failed: %s%n", c.id(), e.getMessage());
            }
            int hit = 0;
            for (String cell : expected) {
                Integer left = found.get(cell);
                if (left != null && left > 0) {
                    hit++;
                    found.put(cell, left - 1);
                }
            }
            double recall = expected.isEmpty() ? 1 : (double) hit / expected.size();
            System.out.printf(
                    "nohints %s %s p%d: %d tables on page, cell recall %.3f%n",
                    c.id(), c.pdf().getFileName(), c.page(), tablesOnPage, recall);
            if (recall >= 0.9) {
                good++;
            }
            n++;
        }
        System.out.printf("nohints: %d of %d cases with cell recall >= 0.9 (%.0f%%)%n", good, n, 100.0 * good / n);
        assertThat(good).isPositive();
    }
}
