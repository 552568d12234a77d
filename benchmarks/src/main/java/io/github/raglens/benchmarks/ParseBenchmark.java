package io.github.raglens.benchmarks;

import io.github.raglens.model.Document;
import io.github.raglens.parse.DocumentMarkdown;
import io.github.raglens.parse.pdf.PdfParser;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.pdfbox.pdmodel.PDDocument;
import org.apache.pdfbox.text.PDFTextStripper;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Pages per second of the full structured PDF parse (layout, headings, tables) against plain PDFBox
 * {@code PDFTextStripper} on the same files in the same run, and the peak heap of the parse. The two
 * paths take turns file by file (which one goes first alternating), so that both meet the same machine:
 * on a machine shared with other work, how fast a core runs changes from second to second, and a whole
 * corpus read by one path and then by the other gave ratios a third apart from run to run. Besides wall
 * time, each path's pages per CPU second of the parsing thread (both run on this thread; garbage
 * collection runs on others and is left out).
 */
@Command(
        name = "parse",
        description = "PDF parse: pages/s of the structured parse vs plain PDFTextStripper, and peak heap.")
final class ParseBenchmark implements Callable<Integer> {

    @Option(names = "--docs", defaultValue = "../shared/data/pdfs", description = "Folder of PDFs.")
    Path docs;

    @Option(names = "--runs", defaultValue = "5", description = "Measured repetitions; medians are reported.")
    int runs;

    @Option(names = "--warmups", defaultValue = "2", description = "Unmeasured rounds of both paths first.")
    int warmups;

    @Option(
            names = "--keep",
            description = "Folder to write each document's Markdown to, from the first round: diff two builds' folders"
                    + " to check that a change leaves the parse as it was.")
    Path keep;

    @Option(
            names = "--sequential",
            description = "Each round reads the whole folder with one path and then with the other (which one first"
                    + " alternating by round), instead of taking turns file by file.")
    boolean sequential;

    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();

    @Override
    public Integer call() throws IOException {
        List<Path> pdfs;
        try (Stream<Path> s = Files.list(docs)) {
            pdfs = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        if (pdfs.isEmpty()) {
            throw new IllegalArgumentException("no PDFs in " + docs + "; pass a folder of PDFs with --docs");
        }
        if (keep != null) {
            Files.createDirectories(keep);
        }
        PdfParser parser = PdfParser.create();
        int pages = 0;
        for (int w = 0; w < Math.max(1, warmups); w++) { // both paths, until the JIT has compiled them
            pages = round(parser, pdfs, w, w == 0 ? keep : null).pages;
        }
        double[] ours = new double[runs];
        double[] theirs = new double[runs];
        double[] ratios = new double[runs];
        double[] oursCpu = new double[runs];
        double[] theirsCpu = new double[runs];
        double[] cpuRatios = new double[runs];
        double peak = 0;
        for (int r = 0; r < runs; r++) {
            System.gc();
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                pool.resetPeakUsage();
            }
            Round round = round(parser, pdfs, r, null);
            peak = Math.max(peak, Figures.peakHeapMib());
            ours[r] = pages / (round.structuredNanos / 1e9);
            theirs[r] = pages / (round.plainNanos / 1e9);
            oursCpu[r] = pages / (round.structuredCpuNanos / 1e9);
            theirsCpu[r] = pages / (round.plainCpuNanos / 1e9);
            ratios[r] = ours[r] / theirs[r];
            cpuRatios[r] = oursCpu[r] / theirsCpu[r];
            System.out.printf(
                    "run %d: structured parse %.1f pages/s, PDFTextStripper %.1f pages/s (%d pages, %d files);"
                            + " per CPU second of the thread: %.1f and %.1f pages (ratio %.3f)%n",
                    r + 1, ours[r], theirs[r], pages, pdfs.size(), oursCpu[r], theirsCpu[r], cpuRatios[r]);
        }
        double oursMedian = Figures.median(ours);
        double theirsMedian = Figures.median(theirs);
        new Figures("parse")
                .put("files", pdfs.size())
                .put("pages", pages)
                .put("runs", runs)
                .put("structuredPagesPerSecondMedian", oursMedian)
                .put("pdfTextStripperPagesPerSecondMedian", theirsMedian)
                .put("structuredOverStripperRatio", oursMedian / theirsMedian)
                .put("structuredOverStripperRatioMedianOfRuns", Figures.median(ratios))
                .put("structuredPagesPerThreadCpuSecondMedian", Figures.median(oursCpu))
                .put("pdfTextStripperPagesPerThreadCpuSecondMedian", Figures.median(theirsCpu))
                .put("structuredOverStripperThreadCpuRatio", Figures.median(oursCpu) / Figures.median(theirsCpu))
                .put("structuredOverStripperThreadCpuRatioMedianOfRuns", Figures.median(cpuRatios))
                .put("peakHeapMibOverBothPaths", peak)
                .print();
        return 0;
    }

    /** The pages and the time each path took over one round of the files, added up file by file. */
    private static final class Round {
        int pages;
        long structuredNanos;
        long structuredCpuNanos;
        long plainNanos;
        long plainCpuNanos;
    }

    /**
     * Reads every file with both paths: in turns file by file, the structured parse first on even files
     * when r is even and on odd files when it is odd, so neither path always meets the caches the other
     * left; or, with {@code --sequential}, every file with one path, then every file with the other.
     */
    private Round round(PdfParser parser, List<Path> pdfs, int r, Path markdownTo) throws IOException {
        Round totals = new Round();
        if (sequential) {
            for (int turn = 0; turn < 2; turn++) {
                boolean structured = (r + turn) % 2 == 0;
                for (Path pdf : pdfs) {
                    read(parser, pdf, structured, markdownTo, totals);
                }
            }
        } else {
            for (int i = 0; i < pdfs.size(); i++) {
                for (int turn = 0; turn < 2; turn++) {
                    read(parser, pdfs.get(i), (i + r + turn) % 2 == 0, markdownTo, totals);
                }
            }
        }
        return totals;
    }

    /** Reads one file with one path, adding its pages and times to {@code totals}. */
    private void read(PdfParser parser, Path pdf, boolean structured, Path markdownTo, Round totals)
            throws IOException {
        long t0 = System.nanoTime();
        long c0 = threads.getCurrentThreadCpuTime();
        if (structured) {
            Document d = parser.parse(pdf);
            totals.structuredCpuNanos += threads.getCurrentThreadCpuTime() - c0;
            totals.structuredNanos += System.nanoTime() - t0;
            totals.pages += d.pageCount();
            if (markdownTo != null) {
                String name = pdf.getFileName().toString();
                Files.writeString(
                        markdownTo.resolve(name.substring(0, name.length() - 4) + ".md"), DocumentMarkdown.render(d));
            }
        } else {
            plain(pdf);
            totals.plainCpuNanos += threads.getCurrentThreadCpuTime() - c0;
            totals.plainNanos += System.nanoTime() - t0;
        }
    }

    private static void plain(Path pdf) throws IOException {
        try (PDDocument doc = PDDocument.load(pdf.toFile())) {
            if (new PDFTextStripper().getText(doc).isEmpty()) {
                throw new IllegalStateException("no text in " + pdf);
            }
        }
    }
}
