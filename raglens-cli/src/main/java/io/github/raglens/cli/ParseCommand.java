package io.github.raglens.cli;

import io.github.raglens.internal.Json;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import io.github.raglens.parse.DocumentMarkdown;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.PdfParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code raglens parse FILE}: prints one parsed document as Markdown or JSON. */
@Command(
        name = "parse",
        mixinStandardHelpOptions = true,
        description = "Print one parsed document (json: sections with title, level, page span and text;"
                + " tables with page and rows of cells).")
final class ParseCommand implements Callable<Integer> {

    /** Output formats. */
    enum Format {
        markdown,
        json
    }

    /** A section in the JSON output, flattened in document order. */
    record SectionView(String id, String title, int level, int pageStart, int pageEnd, String text) {}

    /** The JSON output. */
    record DocumentView(
            String id, String title, String source, int pages, List<SectionView> sections, List<Table> tables) {}

    @Parameters(index = "0", paramLabel = "FILE", description = "A PDF, Markdown or text file.")
    Path file;

    @Option(
            names = "--format",
            defaultValue = "markdown",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--no-outline", description = "Infer PDF headings from fonts even when the PDF has an outline.")
    boolean noOutline;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(file)) {
            spec.commandLine().getErr().println("raglens: file " + file + " does not exist; check the path");
            return CommandLine.ExitCode.SOFTWARE;
        }
        DocumentParser parser = DocumentParser.withPdfParser(
                PdfParser.builder().useOutline(!noOutline).build());
        Document document = parser.parse(file);
        var out = spec.commandLine().getOut();
        if (format == Format.markdown) {
            out.print(DocumentMarkdown.render(document));
        } else {
            out.println(json(document));
        }
        out.flush();
        return CommandLine.ExitCode.OK;
    }

    static String json(Document document) {
        List<SectionView> sections = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        flatten(document.root(), sections, tables);
        try {
            return Json.mapper()
                    .writerWithDefaultPrettyPrinter()
                    .writeValueAsString(new DocumentView(
                            document.id(),
                            document.title(),
                            document.source(),
                            document.pageCount(),
                            sections,
                            tables));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void flatten(Section s, List<SectionView> sections, List<Table> tables) {
        sections.add(new SectionView(s.id(), s.title(), s.level(), s.pageStart(), s.pageEnd(), s.text()));
        tables.addAll(s.tables());
        for (Section c : s.children()) {
            flatten(c, sections, tables);
        }
    }
}
