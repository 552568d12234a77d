package io.github.raglens.parse.docx;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.document.Blocks;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.headings.Numbering;
import io.github.raglens.parse.packaging.ChartData;
import io.github.raglens.parse.packaging.OfficeFormat;
import io.github.raglens.parse.packaging.OfficePackage;
import io.github.raglens.parse.packaging.XmlParts;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import javax.xml.stream.XMLStreamException;
import org.apache.poi.openxml4j.exceptions.InvalidFormatException;
import org.apache.poi.openxml4j.opc.PackagePart;
import org.apache.poi.openxml4j.opc.PackageRelationship;

/**
 * Parses Word documents (DOCX, and DOCM without running its macros) into a section tree. Headings come
 * from outline levels and heading styles (the Title style one level above Heading 1); a bold, short
 * paragraph whose text starts with a heading's number ({@code 3.2 Results}) is a heading at the level its
 * number says, as in PDFs, when no style says (an item of a Word list is a list item); list items keep Word's numbers; tables keep their place, with merged cells
 * spread and header rows joined; a footnote or endnote follows the paragraph that cites it; text boxes
 * follow their paragraph; tracked changes read as accepted. Page headers, footers and comments are left
 * out. Thread-safe: each call opens its own package.
 */
public final class DocxParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "docx-2";

    /** The longest paragraph read as a heading; a longer one in a heading style is a paragraph. */
    private static final int MAX_HEADING = 300;

    /** The longest numbered bold paragraph taken for a heading when no style says it is one. */
    private static final int MAX_NUMBERED_HEADING = 120;

    /** Creates the parser. */
    public DocxParser() {}

    /**
     * Parses one Word document.
     *
     * @throws ParseException with a one-line reason when the file is empty, not a DOCX package,
     *     password-protected, a Word 97-2003 file, a zip bomb, or cut short before any text
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        return OfficePackage.read(file, OfficeFormat.DOCX, pkg -> read(file, pkg));
    }

    private static Document read(Path file, OfficePackage pkg)
            throws XMLStreamException, IOException, InvalidFormatException {
        PackagePart main = pkg.mainPart();
        DocxStyles styles = DocxStyles.none();
        DocxNumbering numbering = DocxNumbering.none();
        Map<String, String> notes = new HashMap<>();
        for (PackageRelationship rel : main.getRelationships()) {
            String type = rel.getRelationshipType();
            Optional<PackagePart> part = OfficePackage.related(main, rel);
            if (part.isEmpty()) {
                continue;
            }
            try (InputStream in = part.get().getInputStream()) {
                if (type.endsWith("/styles")) {
                    styles = DocxStyles.read(in);
                } else if (type.endsWith("/numbering")) {
                    numbering = DocxNumbering.read(in);
                } else if (type.endsWith("/footnotes")) {
                    new DocxReader(XmlParts.reader(in))
                            .notes("footnote")
                            .forEach((id, text) -> notes.put("[^" + id + "]", text));
                } else if (type.endsWith("/endnotes")) {
                    new DocxReader(XmlParts.reader(in))
                            .notes("endnote")
                            .forEach((id, text) -> notes.put("[^e" + id + "]", text));
                }
            }
        }
        List<DocxBlock> body;
        try (InputStream in = main.getInputStream()) {
            DocxReader reader = new DocxReader(XmlParts.reader(in));
            if (!reader.toElement("body")) {
                body = List.of();
            } else {
                body = pkg.damage().isPresent() ? reader.blocksBeforeCut() : reader.blocks();
            }
        }
        String declared = pkg.declaredTitle();
        String title = declared.isEmpty() ? firstTitle(body, styles).orElse(DocumentIds.stem(file)) : declared;
        Blocks out = new Blocks(title);
        new Writer(styles, numbering, notes, main, out).write(body);
        return new Document(DocumentIds.of(file), title, file.toString(), 0, pkg.metadata(), out.build());
    }

    private static Optional<String> firstTitle(List<DocxBlock> body, DocxStyles styles) {
        for (DocxBlock b : body) {
            if (b instanceof DocxBlock.Paragraph p && !p.text().isBlank()) {
                String style = p.style() == null ? styles.defaultParagraphStyle() : p.style();
                int outline = p.outline() != null ? p.outline() : styles.outlineLevel(style);
                if (outline == DocxStyles.TITLE || outline == 0) {
                    return Optional.of(Blocks.inline(p.text()));
                }
            }
        }
        return Optional.empty();
    }

    /** Writes the blocks of a body into the section tree, deciding what each paragraph is. */
    private record Writer(
            DocxStyles styles, DocxNumbering numbering, Map<String, String> notes, PackagePart main, Blocks out) {

        void write(List<DocxBlock> blocks) {
            for (DocxBlock block : blocks) {
                switch (block) {
                    case DocxBlock.TableRows t -> out.table(t.rows());
                    case DocxBlock.Paragraph p -> paragraph(p);
                }
            }
        }

        private void paragraph(DocxBlock.Paragraph p) {
            String text = Blocks.inline(p.text());
            String style = p.style() == null ? styles.defaultParagraphStyle() : p.style();
            int outline = p.outline() != null
                    ? (p.outline() >= 9 ? DocxStyles.BODY : p.outline())
                    : styles.outlineLevel(style);
            String label = "";
            String numId = p.numId() != null ? p.numId() : null;
            int level = p.level();
            if (numId == null) {
                DocxStyles.Numbered byStyle = styles.numbering(style);
                if (byStyle != null) {
                    numId = byStyle.numId();
                    level = p.level() > 0 ? p.level() : byStyle.level();
                }
            }
            if (numId != null && !text.isEmpty()) {
                label = numbering.next(numId, level);
            }
            boolean bullet = label.equals("-");
            String numbered = label.isEmpty() || bullet ? text : label + " " + text;
            boolean bold = p.bold() || styles.bold(style);
            if (!text.isEmpty() && outline != DocxStyles.BODY && text.length() <= MAX_HEADING) {
                out.heading(numbered, outline == DocxStyles.TITLE ? 1 : outline + 2);
            } else if (!text.isEmpty() && label.isEmpty() && bold && looksNumberedHeading(text)) {
                out.heading(text, Numbering.level(text) + 1);
            } else if (!label.isEmpty()) {
                out.item(level, label, text);
            } else if (p.displayMath()) {
                out.paragraph("$$ " + text + " $$");
            } else {
                out.paragraph(p.text());
            }
            for (String note : p.notes()) {
                String body = notes.get(note);
                if (body != null && !body.isBlank()) {
                    out.paragraph(note + ": " + body);
                }
            }
            write(p.floating());
            for (String chart : p.charts()) {
                ChartData.write(main, chart, out);
            }
        }

        private static boolean looksNumberedHeading(String text) {
            return text.length() <= MAX_NUMBERED_HEADING
                    && Numbering.level(text) > 0
                    && !text.endsWith(".")
                    && !text.endsWith(",")
                    && !text.endsWith(";");
        }
    }
}
