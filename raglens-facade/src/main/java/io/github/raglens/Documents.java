package io.github.raglens;

import io.github.raglens.error.ParseException;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import io.github.raglens.parse.DocumentMarkdown;
import io.github.raglens.parse.DocumentParser;
import io.github.raglens.parse.ocr.OcrLanguages;
import io.github.raglens.parse.ocr.OcrSettings;
import io.github.raglens.parse.pdf.PdfParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * One document parsed the way {@link RagLens#ingest} parses it, and its two printable forms. Stateless
 * and thread-safe.
 */
public final class Documents {

    /** A section in the JSON form, flattened in document order. */
    record SectionView(String id, String title, int level, int pageStart, int pageEnd, String text) {}

    /** The JSON form. */
    record DocumentView(
            String id, String title, String source, int pages, List<SectionView> sections, List<Table> tables) {}

    private Documents() {}

    /**
     * The formats raglens reads, named for a message: {@code "PDF, Markdown, text, Word, PowerPoint, Excel, HTML, EPUB and image (OCR)"}.
     *
     * @param conjunction the word before the last name: "and" or "or"
     */
    public static String formatNames(String conjunction) {
        return DocumentParser.formatNames(conjunction);
    }

    /**
     * Parses a PDF, Markdown, text, Word (.docx), PowerPoint (.pptx), Excel (.xlsx), HTML or EPUB file, or
     * a scanned page's image (PNG, JPEG, TIFF) by OCR in English.
     *
     * @param useOutline whether a PDF's outline (bookmarks) gives its headings; when false, or when
     *     the PDF has none, headings are inferred from fonts
     * @throws ParseException naming the file when it cannot be read or parsed
     */
    public static Document parse(Path file, boolean useOutline) {
        return parse(file, useOutline, OcrSettings.DEFAULT.languages().joined());
    }

    /**
     * Parses a file as {@link #parse(Path, boolean)} does, reading scanned pages and images by OCR in
     * the languages given.
     *
     * @param ocrLanguages Tesseract's language codes joined with {@code +}: {@code eng}, {@code eng+deu}
     * @throws IllegalArgumentException when a language code is not one of Tesseract's
     * @throws ParseException naming the file when it cannot be read or parsed
     */
    public static Document parse(Path file, boolean useOutline, String ocrLanguages) {
        Objects.requireNonNull(file, "file");
        OcrSettings ocr = OcrSettings.DEFAULT;
        return DocumentParser.withPdfParser(PdfParser.builder()
                        .useOutline(useOutline)
                        .ocr(new OcrSettings(
                                OcrLanguages.parse(ocrLanguages), ocr.tessdata(), ocr.pageLimit(), ocr.progress()))
                        .build())
                .parse(file);
    }

    /** The document as Markdown: headings by level, text, tables as pipe tables. */
    public static String markdown(Document document) {
        return DocumentMarkdown.render(Objects.requireNonNull(document, "document"));
    }

    /**
     * The document as pretty-printed JSON: {@code id}, {@code title}, {@code source}, {@code pages},
     * the sections in document order (title, level, page span, text) and the tables (page, rows of
     * cells).
     */
    public static String json(Document document) {
        Objects.requireNonNull(document, "document");
        List<SectionView> sections = new ArrayList<>();
        List<Table> tables = new ArrayList<>();
        flatten(document.root(), sections, tables);
        try {
            return Json.prettyWriter()
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
