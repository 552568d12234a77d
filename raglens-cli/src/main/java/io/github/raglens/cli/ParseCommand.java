package io.github.raglens.cli;

import io.github.raglens.Documents;
import io.github.raglens.model.Document;
import java.nio.file.Files;
import java.nio.file.Path;
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

    @Parameters(
            index = "0",
            paramLabel = "FILE",
            description = "A PDF, Markdown, text, Word (.docx), PowerPoint (.pptx), Excel (.xlsx), HTML or EPUB file,"
                    + " or a scanned page's image (PNG, JPEG, TIFF), read by OCR.")
    Path file;

    @Option(
            names = "--format",
            defaultValue = "markdown",
            description = "Output format: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Format format;

    @Option(names = "--no-outline", description = "Infer PDF headings from fonts even when the PDF has an outline.")
    boolean noOutline;

    @CommandLine.Mixin
    OcrLanguageOption ocr;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        if (!Files.isRegularFile(file)) {
            spec.commandLine().getErr().println("raglens: file " + file + " does not exist; check the path");
            return CommandLine.ExitCode.SOFTWARE;
        }
        Document document = Documents.parse(file, !noOutline, ocr.languages);
        var out = spec.commandLine().getOut();
        if (format == Format.markdown) {
            out.print(Documents.markdown(document));
        } else {
            out.println(Documents.json(document));
        }
        out.flush();
        return CommandLine.ExitCode.OK;
    }
}
