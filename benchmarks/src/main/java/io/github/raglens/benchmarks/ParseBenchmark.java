package io.github.raglens.benchmarks;

import io.github.raglens.model.Document;
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
 * {@code PDFTextStripper} on the same files in the same run, and the peak heap of the parse. Besides
 * wall time, each path's pages per CPU second of the parsing thread (both run on this thread; garbage
 * collection runs on others and is left out): on a machine loaded by other work, wall time depends on
 * the share of the processors each run happened to get, CPU time much less.
 */
@Command(
        name = "parse",
        description = "PDF parse: pages/s of the structured parse vs plain PDFTextStripper, and peak heap.")
final class ParseBenchmark implements Callable<Integer> {

    @Option(names = "--docs", defaultValue = "../shared/data/pdfs", description = "Folder of PDFs.")
    Path docs;

    @Option(names = "--runs", defaultValue = "3", description = "Measured repetitions; medians are reported.")
    int runs;

    @Option(names = "--warmups", defaultValue = "2", description = "Unmeasured rounds of both paths first.")
    int warmups;

    @Override
    public Integer call() throws IOException {
        List<Path> pdfs;
        try (Stream<Path> s = Files.list(docs)) {
            pdfs = s.filter(p -> p.toString().endsWith(".pdf")).sorted().toList();
        }
        if (pdfs.isEmpty()) {
            throw new IllegalArgumentException("no PDFs in " + docs + "; pass a folder of PDFs with --docs");
        }
        PdfParser parser = PdfParser.create();
        int pages = 0;
        for (int w = 0; w < Math.max(1, warmups); w++) { // both paths, until the JIT has compiled them
            pages = structured(parser, pdfs);
            plain(pdfs);
        }
        double[] ours = new double[runs];
        double[] theirs = new double[runs];
        double[] ratios = new double[runs];
        double[] oursCpu = new double[runs];
        double[] theirsCpu = new double[runs];
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        double peak = 0;
        for (int r = 0; r < runs; r++) {
            System.gc();
            for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                pool.resetPeakUsage();
            }
            long t0 = System.nanoTime();
            long c0 = threads.getCurrentThreadCpuTime();
            structured(parser, pdfs);
            oursCpu[r] = pages / ((threads.getCurrentThreadCpuTime() - c0) / 1e9);
            ours[r] = pages / ((System.nanoTime() - t0) / 1e9);
            peak = Math.max(peak, Figures.peakHeapMib());
            long t1 = System.nanoTime();
            long c1 = threads.getCurrentThreadCpuTime();
            plain(pdfs);
            theirsCpu[r] = pages / ((threads.getCurrentThreadCpuTime() - c1) / 1e9);
            theirs[r] = pages / ((System.nanoTime() - t1) / 1e9);
            ratios[r] = ours[r] / theirs[r];
            System.out.printf(
                    "run %d: structured parse %.1f pages/s, PDFTextStripper %.1f pages/s (%d pages, %d files);"
                            + " per CPU second of the thread: %.1f and %.1f pages%n",
                    r + 1, ours[r], theirs[r], pages, pdfs.size(), oursCpu[r], theirsCpu[r]);
        }
        double oursMedian = Figures.median(ours);
        double theirsMedian = Figures.median(theirs);
        new Figures("parse")
                .put("files", pdfs.size())
                .put("pages", pages)
                .put("structuredPagesPerSecondMedian", oursMedian)
                .put("pdfTextStripperPagesPerSecondMedian", theirsMedian)
                .put("structuredOverStripperRatio", oursMedian / theirsMedian)
                .put("structuredOverStripperRatioMedianOfRuns", Figures.median(ratios))
                .put("structuredPagesPerThreadCpuSecondMedian", Figures.median(oursCpu))
                .put("pdfTextStripperPagesPerThreadCpuSecondMedian", Figures.median(theirsCpu))
                .put("structuredOverStripperThreadCpuRatio", Figures.median(oursCpu) / Figures.median(theirsCpu))
                .put("peakHeapMibDuringStructuredParse", peak)
                .print();
        return 0;
    }

    private static int structured(PdfParser parser, List<Path> pdfs) {
        int pages = 0;
        for (Path pdf : pdfs) {
            Document d = parser.parse(pdf);
            pages += d.pageCount();
        }
        return pages;
    }

    private static void plain(List<Path> pdfs) throws IOException {
        for (Path pdf : pdfs) {
            try (PDDocument doc = PDDocument.load(pdf.toFile())) {
                if (new PDFTextStripper().getText(doc).isEmpty()) {
                    throw new IllegalStateException("no text in " + pdf);
                }
            }
        }
    }
}
