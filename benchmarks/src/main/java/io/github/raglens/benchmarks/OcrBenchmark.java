package io.github.raglens.benchmarks;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.DocumentMarkdown;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.ocr.OcrLanguages;
import io.github.raglens.parse.ocr.OcrMode;
import io.github.raglens.parse.ocr.OcrSettings;
import io.github.raglens.parse.ocr.PageImages;
import io.github.raglens.parse.pdf.PdfParser;
import java.io.IOException;
import java.lang.Character.UnicodeScript;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.PDDocument;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * OCR against the text layer: each born-digital PDF is parsed twice, once from its text layer and once
 * with every page drawn at 300 dpi and read by Tesseract ({@link OcrMode#ALL}), both through the same
 * pipeline with headings found from type (no outline). Each file is read with the languages of its text
 * layer's script, as its user would pass them ({@link TextLanguages}), unless {@code --ocr-lang} names
 * one set for all. Word recall is the share of the text-layer
 * parse's words (tokens of two letters or more, NFKC, lower case, counted with repeats) that the OCR
 * parse also has; headings are the OCR parse's section titles against the text-layer parse's.
 * Seconds a page count drawing and reading, on the calling thread; Docling's scanned test files are
 * read with the default parser and their words checked against Docling's Markdown where it has one.
 */
@Command(
        name = "ocr",
        description = "OCR of born-digital PDFs drawn at 300 dpi against their text layer: word recall, headings"
                + " precision and recall, seconds a page; Docling's scanned files read.")
final class OcrBenchmark implements Callable<Integer> {

    private static final Pattern TOKEN = Pattern.compile("[^\\p{L}\\p{N}]+");

    @Option(
            names = "--docs",
            split = ",",
            defaultValue = "../shared/data/pdfs,../shared/data/docling-pdf-groundtruth/pdf",
            description = "Folders of born-digital PDFs (default: ${DEFAULT-VALUE}).")
    List<Path> docs;

    @Option(
            names = "--scanned",
            defaultValue = "../shared/data/docling-formats/ocr",
            description = "Folder with sources/ and groundtruth-md/ of scanned files (default: ${DEFAULT-VALUE}).")
    Path scanned;

    @Option(
            names = "--max-pages",
            defaultValue = "0",
            description = "Read only the first N pages of each PDF (0: all; default: ${DEFAULT-VALUE}).")
    int maxPages;

    @Option(names = "--files", defaultValue = "0", description = "Read only the first N PDFs (0: all).")
    int maxFiles;

    @Option(
            names = "--ocr-lang",
            description = "Read every file with these languages (eng+deu) where each file is read with the"
                    + " languages of its text layer's script.")
    String languages;

    @Option(names = "--details", description = "Print each document's missed and extra headings.")
    boolean details;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    @Override
    public Integer call() throws IOException {
        List<Path> pdfs = new ArrayList<>();
        for (Path folder : docs) {
            if (Files.isDirectory(folder)) {
                try (Stream<Path> s = Files.list(folder)) {
                    s.filter(p -> p.toString().endsWith(".pdf")).sorted().forEach(pdfs::add);
                }
            }
        }
        if (pdfs.isEmpty()) {
            System.err.println("no PDFs under " + docs + "; pass --docs DIR,DIR");
            return 2;
        }
        if (maxFiles > 0 && pdfs.size() > maxFiles) {
            pdfs = pdfs.subList(0, maxFiles);
        }
        PdfParser textLayer =
                PdfParser.builder().useOutline(false).ocr(OcrMode.OFF).build();
        long[] ocrNanos = new long[1];
        int[] ocrPages = new int[1];
        Map<OcrLanguages, PdfParser> readers = new HashMap<>();
        Function<OcrLanguages, PdfParser> reader = codes -> PdfParser.builder()
                .useOutline(false)
                .ocr(OcrMode.ALL)
                .ocr(new OcrSettings(
                        codes,
                        OcrSettings.DEFAULT.tessdata(),
                        OcrSettings.DEFAULT.pageLimit(),
                        (file, page, pages, took) -> {
                            ocrNanos[0] += took.toNanos();
                            ocrPages[0]++;
                        }))
                .timeLimit(Duration.ofHours(1))
                .build();
        Map<UnicodeScript, long[]> byScript = new TreeMap<>();
        long recalled = 0;
        long words = 0;
        ParseQuality.Counts headings = ParseQuality.Counts.NONE;
        long cpuNanos = 0;
        List<Double> perPage = new ArrayList<>();
        Path tmp = Files.createTempDirectory("raglens-ocr");
        for (Path pdf : pdfs) {
            Path file = maxPages > 0 ? firstPages(pdf, tmp) : pdf;
            Document truth;
            try {
                truth = textLayer.parse(file);
            } catch (ParseException e) {
                System.out.println(pdf.getFileName() + ": no text layer to compare (" + e.getMessage() + ")");
                continue;
            }
            long cpu0 = threads.getCurrentThreadCpuTime();
            long nanos0 = ocrNanos[0];
            int pages0 = ocrPages[0];
            String reference0 = DocumentMarkdown.render(truth);
            OcrLanguages codes = languages == null ? TextLanguages.of(reference0) : OcrLanguages.parse(languages);
            Document read = readers.computeIfAbsent(codes, reader).parse(file);
            long cpu = threads.getCurrentThreadCpuTime() - cpu0;
            cpuNanos += cpu;
            int pages = ocrPages[0] - pages0;
            double secondsPerPage = (ocrNanos[0] - nanos0) / 1e9 / Math.max(1, pages);
            perPage.add(secondsPerPage);
            Map<String, Integer> reference = words(reference0);
            Map<String, Integer> found = words(DocumentMarkdown.render(read));
            long total =
                    reference.values().stream().mapToLong(Integer::longValue).sum();
            long hit = 0;
            for (Map.Entry<String, Integer> e : reference.entrySet()) {
                hit += Math.min(e.getValue(), found.getOrDefault(e.getKey(), 0));
            }
            recalled += hit;
            words += total;
            long[] script = byScript.computeIfAbsent(TextLanguages.mainScript(reference0), k -> new long[2]);
            script[0] += hit;
            script[1] += total;
            List<String> trueHeadings = new ArrayList<>();
            titles(truth.root(), trueHeadings);
            ParseQuality.HeadingMatch match = ParseQuality.headingMatch(read, trueHeadings);
            headings = headings.plus(match.counts());
            System.out.printf(
                    Locale.ROOT,
                    "%s (%s): %d pages, word recall %.3f (%d of %d), headings %s, %.2f s a page (%.2f CPU s)%n",
                    pdf.getFileName(),
                    codes,
                    pages,
                    total == 0 ? 1.0 : (double) hit / total,
                    hit,
                    total,
                    match.counts(),
                    secondsPerPage,
                    cpu / 1e9 / Math.max(1, pages));
            if (details) {
                match.extra().forEach(h -> System.out.println("  + " + h));
                match.missed().forEach(h -> System.out.println("  - " + h));
            }
        }
        Figures figures = new Figures("ocr");
        figures.put("documents", perPage.size());
        figures.put("pages", ocrPages[0]);
        figures.put("dpi", PageImages.DPI);
        figures.put("wordRecall", words == 0 ? 0 : (double) recalled / words);
        figures.put("headingPrecision", headings.precision());
        figures.put("headingRecall", headings.recall());
        figures.put("secondsPerPage", ocrNanos[0] / 1e9 / Math.max(1, ocrPages[0]));
        figures.put("cpuSecondsPerPage", cpuNanos / 1e9 / Math.max(1, ocrPages[0]));
        figures.put(
                "medianSecondsPerPage",
                Figures.median(perPage.stream().mapToDouble(Double::doubleValue).toArray()));
        for (Map.Entry<UnicodeScript, long[]> e : byScript.entrySet()) {
            String script =
                    e.getKey().name().charAt(0) + e.getKey().name().substring(1).toLowerCase(Locale.ROOT);
            long[] counts = e.getValue();
            figures.put("wordRecall" + script, (double) counts[0] / Math.max(1, counts[1]));
            System.out.printf(
                    Locale.ROOT,
                    "%s-script files: word recall %.4f (%d of %d)%n",
                    script,
                    (double) counts[0] / Math.max(1, counts[1]),
                    counts[0],
                    counts[1]);
        }
        System.out.println("text layer against OCR at " + PageImages.DPI + " dpi: word recall "
                + String.format(Locale.ROOT, "%.4f", words == 0 ? 0 : (double) recalled / words) + " (" + recalled
                + " of " + words + "), headings " + headings);
        scannedFiles(figures);
        figures.print();
        return 0;
    }

    /** Docling's scanned test files, read as a user's would be: each one's words against Docling's Markdown. */
    private void scannedFiles(Figures figures) throws IOException {
        Path sources = scanned.resolve("sources");
        if (!Files.isDirectory(sources)) {
            return;
        }
        DocumentParser parser = DocumentParser.create();
        int read = 0;
        int files = 0;
        List<Path> all;
        try (Stream<Path> s = Files.list(sources)) {
            all = s.filter(DocumentParser::supports).sorted().toList();
        }
        for (Path source : all) {
            files++;
            String stem = source.getFileName().toString().replaceFirst("\\.[^.]+$", "");
            Path truth = scanned.resolve("groundtruth-md").resolve(stem + ".tesseract.full_page.md");
            try {
                Document document = parser.parse(source);
                read++;
                String recall = "";
                if (Files.isRegularFile(truth)) {
                    Map<String, Integer> want = words(DoclingMarkdown.text(Files.readString(truth)));
                    Map<String, Integer> got = words(DocumentMarkdown.render(document));
                    long total =
                            want.values().stream().mapToLong(Integer::longValue).sum();
                    long hit = want.entrySet().stream()
                            .mapToLong(e -> Math.min(e.getValue(), got.getOrDefault(e.getKey(), 0)))
                            .sum();
                    recall = String.format(Locale.ROOT, ", word recall against Docling's %.3f", (double) hit / total);
                }
                System.out.printf(
                        Locale.ROOT,
                        "scanned %s: %d pages, %d characters%s%n",
                        source.getFileName(),
                        document.pageCount(),
                        DocumentMarkdown.render(document).length(),
                        recall);
            } catch (ParseException e) {
                System.out.println("scanned " + source.getFileName() + ": FAILED " + e.getMessage());
            }
        }
        figures.put("scannedFiles", files);
        figures.put("scannedRead", read);
    }

    /** The words of a text: tokens of two letters or more, NFKC, lower case, with their counts. */
    static Map<String, Integer> words(String text) {
        Map<String, Integer> out = new HashMap<>();
        for (String t :
                TOKEN.split(Normalizer.normalize(text, Normalizer.Form.NFKC).toLowerCase(Locale.ROOT))) {
            if (t.codePoints().filter(Character::isLetter).count() >= 2) {
                out.merge(t, 1, Integer::sum);
            }
        }
        return out;
    }

    private static void titles(io.github.raglens.model.Section s, List<String> out) {
        for (io.github.raglens.model.Section c : s.children()) {
            out.add(c.title());
            titles(c, out);
        }
    }

    /** A copy of the PDF with only its first pages. */
    private Path firstPages(Path pdf, Path tmp) throws IOException {
        Path out = tmp.resolve(pdf.getFileName());
        try (PDDocument d = PDDocument.load(pdf.toFile())) {
            while (d.getNumberOfPages() > maxPages) {
                d.removePage(d.getNumberOfPages() - 1);
            }
            d.save(out.toFile());
        }
        return out;
    }
}
