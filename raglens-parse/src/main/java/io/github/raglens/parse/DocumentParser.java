package io.github.raglens.parse;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.docx.DocxParser;
import io.github.raglens.parse.epub.EpubParser;
import io.github.raglens.parse.html.HtmlParser;
import io.github.raglens.parse.image.ImageParser;
import io.github.raglens.parse.markdown.MarkdownParser;
import io.github.raglens.parse.ocr.OcrMode;
import io.github.raglens.parse.ocr.OcrProgress;
import io.github.raglens.parse.ocr.OcrSettings;
import io.github.raglens.parse.pdf.PdfParser;
import io.github.raglens.parse.pptx.PptxParser;
import io.github.raglens.parse.text.PlainTextParser;
import io.github.raglens.parse.xlsx.XlsxParser;
import io.github.raglens.spi.Parser;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Chooses the parser by the file's {@linkplain Format format}, from its extension: {@code .pdf} to a
 * {@link PdfParser}, {@code .md} and {@code .markdown} to a {@code MarkdownParser}, {@code .txt} and
 * {@code .text} to a {@code PlainTextParser}, {@code .docx} to a {@code DocxParser}, {@code .pptx} to a {@code PptxParser}, {@code .xlsx} to an {@code XlsxParser}, {@code .html} to
 * an {@code HtmlParser}, {@code .epub} to an {@code EpubParser}, {@code .png}, {@code .jpg}, {@code .tif} and their kin to an {@code ImageParser} (OCR). Immutable and thread-safe.
 */
public final class DocumentParser implements Parser {

    private final PdfParser pdf;
    private final MarkdownParser markdown = new MarkdownParser();
    private final PlainTextParser text = new PlainTextParser();
    private final DocxParser docx = new DocxParser();
    private final PptxParser pptx = new PptxParser();
    private final XlsxParser xlsx = new XlsxParser();
    private final HtmlParser html = new HtmlParser();
    private final EpubParser epub = new EpubParser();
    private final ImageParser image;

    private DocumentParser(PdfParser pdf) {
        this.pdf = Objects.requireNonNull(pdf, "pdf");
        this.image = new ImageParser(pdf.ocrSettings());
    }

    /** A dispatcher with the default {@link PdfParser}. */
    public static DocumentParser create() {
        return new DocumentParser(PdfParser.create());
    }

    /** A dispatcher that parses PDFs with the given parser, and images with its OCR settings. */
    public static DocumentParser withPdfParser(PdfParser pdf) {
        return new DocumentParser(pdf);
    }

    /** This dispatcher with OCR telling {@code progress} of each page it reads. */
    public DocumentParser withOcrProgress(OcrProgress progress) {
        OcrSettings ocr = pdf.ocrSettings();
        return new DocumentParser(pdf.toBuilder()
                .ocr(new OcrSettings(ocr.languages(), ocr.tessdata(), ocr.pageLimit(), progress))
                .build());
    }

    /** Whether the file's extension is one this dispatcher parses. */
    public static boolean supports(Path file) {
        return Format.of(file).isPresent();
    }

    /**
     * The formats read, named for a message: {@code "PDF, Markdown, text, Word, PowerPoint, Excel, HTML, EPUB and image (OCR)"}.
     *
     * @param conjunction the word before the last: "and" or "or"
     */
    public static String formatNames(String conjunction) {
        return Format.nameList(conjunction);
    }

    /**
     * The version of the parser that handles the file, for cache keys: with the OCR languages for a
     * PDF or an image, whose OCR'd pages read differently in other languages.
     *
     * @throws ParseException when the extension is not supported
     */
    public String version(Path file) {
        Format format = format(file);
        boolean ocr = format == Format.IMAGE || format == Format.PDF && pdf.ocrMode() != OcrMode.OFF;
        String base =
                format == Format.PDF && pdf.ocrMode() == OcrMode.ALL ? format.version() + "-all" : format.version();
        return ocr ? base + "+" + pdf.ocrSettings().cacheKey() : base;
    }

    /**
     * Parses a file with the parser for its extension.
     *
     * @throws ParseException when the extension is not supported or the file cannot be parsed
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        return switch (format(file)) {
            case PDF -> pdf.parse(file);
            case MARKDOWN -> markdown.parse(file);
            case TEXT -> text.parse(file);
            case DOCX -> docx.parse(file);
            case PPTX -> pptx.parse(file);
            case XLSX -> xlsx.parse(file);
            case HTML -> html.parse(file);
            case EPUB -> epub.parse(file);
            case IMAGE -> image.parse(file);
        };
    }

    private static Format format(Path file) {
        return Format.of(file)
                .orElseThrow(() -> new ParseException(
                        file, "unsupported file type; raglens reads " + Format.extensionList() + " files", null));
    }

    @Override
    public String toString() {
        return "DocumentParser{pdf=" + pdf + "}";
    }
}
