package io.github.raglens.parse;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.markdown.MarkdownParser;
import io.github.raglens.parse.pdf.PdfParser;
import io.github.raglens.parse.text.PlainTextParser;
import io.github.raglens.spi.Parser;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * Chooses the parser by file extension: {@code .pdf} to a {@link PdfParser}, {@code .md} and
 * {@code .markdown} to a {@code MarkdownParser}, {@code .txt} and {@code .text} to a
 * {@code PlainTextParser}. Immutable and thread-safe.
 */
public final class DocumentParser implements Parser {

    private final PdfParser pdf;
    private final MarkdownParser markdown = new MarkdownParser();
    private final PlainTextParser text = new PlainTextParser();

    private DocumentParser(PdfParser pdf) {
        this.pdf = Objects.requireNonNull(pdf, "pdf");
    }

    /** A dispatcher with the default {@link PdfParser}. */
    public static DocumentParser create() {
        return new DocumentParser(PdfParser.create());
    }

    /** A dispatcher that parses PDFs with the given parser. */
    public static DocumentParser withPdfParser(PdfParser pdf) {
        return new DocumentParser(pdf);
    }

    /** Whether the file's extension is one this dispatcher parses. */
    public static boolean supports(Path file) {
        return kind(file).isPresent();
    }

    /**
     * The version of the parser that handles the file, for cache keys.
     *
     * @throws ParseException when the extension is not supported
     */
    public static String versionFor(Path file) {
        return switch (kind(file).orElseThrow(() -> unsupported(file))) {
            case "pdf" -> PdfParser.VERSION;
            case "markdown" -> MarkdownParser.VERSION;
            default -> PlainTextParser.VERSION;
        };
    }

    /**
     * Parses a file with the parser for its extension.
     *
     * @throws ParseException when the extension is not supported or the file cannot be parsed
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        return switch (kind(file).orElseThrow(() -> unsupported(file))) {
            case "pdf" -> pdf.parse(file);
            case "markdown" -> markdown.parse(file);
            default -> text.parse(file);
        };
    }

    private static ParseException unsupported(Path file) {
        return new ParseException(
                file, "unsupported file type; raglens reads .pdf, .md, .markdown, .txt and .text files", null);
    }

    private static Optional<String> kind(Path file) {
        Path name = file.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        if (n.endsWith(".pdf")) {
            return Optional.of("pdf");
        }
        if (n.endsWith(".md") || n.endsWith(".markdown")) {
            return Optional.of("markdown");
        }
        if (n.endsWith(".txt") || n.endsWith(".text")) {
            return Optional.of("text");
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return "DocumentParser{pdf=" + pdf + "}";
    }
}
