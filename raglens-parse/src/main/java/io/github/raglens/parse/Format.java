package io.github.raglens.parse;

import io.github.raglens.parse.docx.DocxParser;
import io.github.raglens.parse.epub.EpubParser;
import io.github.raglens.parse.html.HtmlParser;
import io.github.raglens.parse.image.ImageParser;
import io.github.raglens.parse.markdown.MarkdownParser;
import io.github.raglens.parse.pdf.PdfParser;
import io.github.raglens.parse.pptx.PptxParser;
import io.github.raglens.parse.text.PlainTextParser;
import io.github.raglens.parse.xlsx.XlsxParser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The file formats raglens reads, each known by its extensions and read in a package of its own. A new
 * format is a constant here, its parser's package, and its case in {@link DocumentParser}.
 */
enum Format {
    /** PDF, read with PDFBox and Tabula ({@code io.github.raglens.parse.pdf}). */
    PDF("PDF", PdfParser.VERSION, ".pdf"),
    /** Markdown ({@code io.github.raglens.parse.markdown}). */
    MARKDOWN("Markdown", MarkdownParser.VERSION, ".md", ".markdown"),
    /** Plain text in UTF-8 ({@code io.github.raglens.parse.text}). */
    TEXT("text", PlainTextParser.VERSION, ".txt", ".text"),
    /** Word documents, read with Apache POI ({@code io.github.raglens.parse.docx}). */
    DOCX("Word", DocxParser.VERSION, ".docx", ".docm"),
    /** PowerPoint presentations, read with Apache POI ({@code io.github.raglens.parse.pptx}). */
    PPTX("PowerPoint", PptxParser.VERSION, ".pptx", ".pptm"),
    /** Excel workbooks, streamed with Apache POI's event API ({@code io.github.raglens.parse.xlsx}). */
    XLSX("Excel", XlsxParser.VERSION, ".xlsx", ".xlsm"),
    /** HTML pages, read with jsoup ({@code io.github.raglens.parse.html}). */
    HTML("HTML", HtmlParser.VERSION, ".html", ".htm", ".xhtml"),
    /** EPUB books, each chapter read as HTML ({@code io.github.raglens.parse.epub}). */
    EPUB("EPUB", EpubParser.VERSION, ".epub"),
    /** Scanned pages as images, read by OCR ({@code io.github.raglens.parse.image}). */
    IMAGE("image (OCR)", ImageParser.VERSION, ".png", ".jpg", ".jpeg", ".tif", ".tiff");

    private final String name;
    private final String version;
    private final List<String> extensions;

    Format(String name, String version, String... extensions) {
        this.name = name;
        this.version = version;
        this.extensions = List.of(extensions);
    }

    /** The format's id in reports: {@code pdf}, {@code docx}, {@code xlsx}, {@code markdown} … */
    String id() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The version of this format's parser output: part of the parse-cache key. */
    String version() {
        return version;
    }

    /** The format of a file, by its extension (in any case); empty when raglens does not read it. */
    static Optional<Format> of(Path file) {
        Path name = file.getFileName();
        String n = name == null ? "" : name.toString().toLowerCase(Locale.ROOT);
        for (Format format : values()) {
            for (String extension : format.extensions) {
                if (n.endsWith(extension)) {
                    return Optional.of(format);
                }
            }
        }
        return Optional.empty();
    }

    /** Every format's name, listed for a message: "PDF, Markdown, text, Word, PowerPoint, Excel, HTML, EPUB and image (OCR)" (with "and" or "or"). */
    static String nameList(String conjunction) {
        List<String> all = new ArrayList<>();
        for (Format format : values()) {
            all.add(format.name);
        }
        return String.join(", ", all.subList(0, all.size() - 1)) + " " + conjunction + " " + all.getLast();
    }

    /** Every extension read, listed for a message: ".pdf, .md, .markdown, .txt and .text". */
    static String extensionList() {
        List<String> all = new ArrayList<>();
        for (Format format : values()) {
            all.addAll(format.extensions);
        }
        return String.join(", ", all.subList(0, all.size() - 1)) + " and " + all.getLast();
    }
}
