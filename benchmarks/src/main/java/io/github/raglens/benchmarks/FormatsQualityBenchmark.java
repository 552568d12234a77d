package io.github.raglens.benchmarks;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.DocumentParser;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The structure raglens reads from DOCX, PPTX, XLSX, HTML and EPUB files against Docling's Markdown for
 * the same files ({@link FormatsQuality}): per format, headings' precision and recall, tables found and
 * the share of their cells matched. The data folder holds a folder per format with {@code sources/} and
 * {@code groundtruth-md/<source name>.md}, as the shared {@code docling-formats} set does.
 */
@Command(
        name = "formats",
        description = "DOCX, PPTX, XLSX, HTML and EPUB structure against Docling's Markdown: headings precision and"
                + " recall, tables found, cells matched, per format.")
final class FormatsQualityBenchmark implements Callable<Integer> {

    static final List<String> FORMATS = List.of("docx", "pptx", "xlsx", "html", "epub");

    @Option(
            names = "--data",
            defaultValue = "../shared/data/docling-formats",
            description = "Folder with <format>/sources and <format>/groundtruth-md (default: ${DEFAULT-VALUE}).")
    Path data;

    @Option(names = "--details", description = "Print each document's figures and unmatched headings.")
    boolean details;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(data)) {
            System.err.println("no data folder " + data + "; pass --data DIR");
            return 2;
        }
        DocumentParser parser = DocumentParser.create();
        Figures figures = new Figures("formats");
        for (String format : FORMATS) {
            Path sources = data.resolve(format).resolve("sources");
            Path truths = data.resolve(format).resolve("groundtruth-md");
            if (!Files.isDirectory(sources)) {
                continue;
            }
            FormatsQuality.Result total = FormatsQuality.Result.NONE;
            int documents = 0;
            int failed = 0;
            for (Path source : files(sources)) {
                Path truth = truths.resolve(source.getFileName() + ".md");
                if (!Files.isRegularFile(truth) || !DocumentParser.supports(source)) {
                    continue;
                }
                documents++;
                Document document;
                try {
                    document = parser.parse(source);
                } catch (ParseException e) {
                    failed++;
                    System.out.println(format + " " + source.getFileName() + ": FAILED " + e.getMessage());
                    document = null;
                }
                DoclingMarkdown docling = DoclingMarkdown.read(truth);
                FormatsQuality.Comparison c = document == null
                        ? new FormatsQuality.Comparison(
                                new FormatsQuality.Result(
                                        new ParseQuality.Counts(
                                                0, 0, docling.headings().size()),
                                        new ParseQuality.Counts(
                                                0, 0, docling.tables().size()),
                                        0,
                                        0),
                                List.of(),
                                docling.headings())
                        : FormatsQuality.compare(document, docling);
                total = total.plus(c.result());
                if (details) {
                    System.out.println(format + " " + source.getFileName() + ": " + c.result());
                    c.extra().forEach(h -> System.out.println("  + " + h));
                    c.missed().forEach(h -> System.out.println("  - " + h));
                }
            }
            if (documents == 0) {
                continue; // a format raglens does not read yet
            }
            System.out.println(format + " (" + documents + " documents, " + failed + " failed): " + total);
            figures.put(format + "Documents", documents);
            figures.put(format + "Failed", failed);
            figures.put(format + "HeadingPrecision", total.headings().precision());
            figures.put(format + "HeadingRecall", total.headings().recall());
            figures.put(format + "TablesFound", total.tables().recall());
            figures.put(format + "TablePrecision", total.tables().precision());
            figures.put(format + "TableCellsMatched", total.cellShare());
        }
        figures.print();
        return 0;
    }

    private static List<Path> files(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.filter(Files::isRegularFile).sorted().toList();
        }
    }
}
