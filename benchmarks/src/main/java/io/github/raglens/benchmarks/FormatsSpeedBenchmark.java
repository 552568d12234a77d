package io.github.raglens.benchmarks;

import io.github.raglens.error.ParseException;
import io.github.raglens.parse.DocumentParser;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.apache.tika.exception.TikaException;
import org.apache.tika.metadata.Metadata;
import org.apache.tika.parser.AutoDetectParser;
import org.apache.tika.parser.ParseContext;
import org.apache.tika.sax.BodyContentHandler;
import org.xml.sax.SAXException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Documents per second of raglens' structured parse of Word, Excel and HTML files (headings, lists, tables in a
 * section tree) against Apache Tika's {@code AutoDetectParser} plain-text extraction of the same files in
 * the same run, rounds alternating between the two, medians of the rounds reported; besides wall time,
 * documents per CPU second of the parsing thread, which a loaded machine disturbs less.
 */
@Command(
        name = "formats-speed",
        description = "DOCX, XLSX and HTML: documents/s of the structured parse vs Tika AutoDetectParser plain text.")
final class FormatsSpeedBenchmark implements Callable<Integer> {

    @Option(
            names = "--data",
            defaultValue = "../shared/data/docling-formats",
            description = "Folder with <format>/sources (default: ${DEFAULT-VALUE}).")
    Path data;

    @Option(names = "--runs", defaultValue = "5", description = "Measured rounds; medians are reported.")
    int runs;

    @Option(names = "--warmups", defaultValue = "3", description = "Unmeasured rounds of both paths first.")
    int warmups;

    @Override
    public Integer call() throws IOException {
        Figures figures = new Figures("formats-speed");
        DocumentParser parser = DocumentParser.create();
        AutoDetectParser tika = new AutoDetectParser();
        for (String format : List.of("docx", "xlsx", "html")) {
            List<Path> files = files(data.resolve(format).resolve("sources"));
            if (files.isEmpty()) {
                continue;
            }
            for (int w = 0; w < Math.max(1, warmups); w++) {
                structured(parser, files);
                plain(tika, files);
            }
            double[] ours = new double[runs];
            double[] theirs = new double[runs];
            double[] oursCpu = new double[runs];
            double[] theirsCpu = new double[runs];
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            for (int r = 0; r < runs; r++) {
                long t0 = System.nanoTime();
                long c0 = threads.getCurrentThreadCpuTime();
                structured(parser, files);
                oursCpu[r] = files.size() / ((threads.getCurrentThreadCpuTime() - c0) / 1e9);
                ours[r] = files.size() / ((System.nanoTime() - t0) / 1e9);
                long t1 = System.nanoTime();
                long c1 = threads.getCurrentThreadCpuTime();
                plain(tika, files);
                theirsCpu[r] = files.size() / ((threads.getCurrentThreadCpuTime() - c1) / 1e9);
                theirs[r] = files.size() / ((System.nanoTime() - t1) / 1e9);
                System.out.printf(
                        "%s run %d: structured %.1f docs/s, Tika plain text %.1f docs/s (%d files); per CPU second"
                                + " of the thread: %.1f and %.1f%n",
                        format, r + 1, ours[r], theirs[r], files.size(), oursCpu[r], theirsCpu[r]);
            }
            figures.put(format + "Files", files.size())
                    .put(format + "StructuredDocsPerSecondMedian", Figures.median(ours))
                    .put(format + "TikaDocsPerSecondMedian", Figures.median(theirs))
                    .put(format + "StructuredOverTikaRatio", Figures.median(ours) / Figures.median(theirs))
                    .put(
                            format + "StructuredOverTikaThreadCpuRatio",
                            Figures.median(oursCpu) / Figures.median(theirsCpu));
        }
        figures.print();
        return 0;
    }

    private static void structured(DocumentParser parser, List<Path> files) {
        for (Path file : files) {
            try {
                parser.parse(file);
            } catch (ParseException e) {
                // a file raglens refuses costs what it cost; Tika is timed on the same file
            }
        }
    }

    private static void plain(AutoDetectParser tika, List<Path> files) throws IOException {
        for (Path file : files) {
            try (InputStream in = Files.newInputStream(file)) {
                tika.parse(in, new BodyContentHandler(-1), new Metadata(), new ParseContext());
            } catch (TikaException | SAXException e) {
                // a file Tika cannot read costs what it cost
            }
        }
    }

    /** The files of a format's folder that raglens reads (an XLSX folder's XLSM too; not the images beside pages). */
    private static List<Path> files(Path folder) throws IOException {
        if (!Files.isDirectory(folder)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(folder)) {
            return new ArrayList<>(s.filter(DocumentParser::supports).sorted().toList());
        }
    }
}
