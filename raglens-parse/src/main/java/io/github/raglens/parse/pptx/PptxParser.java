package io.github.raglens.parse.pptx;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.document.Blocks;
import io.github.raglens.parse.document.Damage;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.packaging.ChartData;
import io.github.raglens.parse.packaging.OfficeFormat;
import io.github.raglens.parse.packaging.OfficePackage;
import io.github.raglens.parse.packaging.XmlParts;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.poi.openxml4j.exceptions.InvalidFormatException;
import org.apache.poi.openxml4j.opc.OPCPackage;
import org.apache.poi.openxml4j.opc.PackagePart;
import org.apache.poi.openxml4j.opc.PackageRelationship;
import org.apache.poi.openxml4j.opc.TargetMode;

/**
 * Parses PowerPoint presentations (PPTX) into a section per slide, in the presentation's order: the
 * slide's title as its heading ({@code Slide N} when it has none), the text of its shapes in the order
 * the slide lists them, its tables (merged cells spread) and the data of its charts as tables, and its
 * speaker notes after them. Each section's page is its slide's number. Thread-safe.
 */
public final class PptxParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "pptx-1";

    /** Creates the parser. */
    public PptxParser() {}

    /**
     * Parses one presentation.
     *
     * @throws ParseException with a one-line reason when the file is empty, not a PPTX package,
     *     password-protected, a PowerPoint 97-2003 file or a zip bomb
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        try (OfficePackage pkg = OfficePackage.open(file, OfficeFormat.PPTX)) {
            try {
                return read(file, pkg.opc(), pkg);
            } catch (XMLStreamException | IOException | InvalidFormatException | RuntimeException e) {
                if (e instanceof ParseException p) {
                    throw p;
                }
                throw OfficePackage.failure(
                        file, OfficeFormat.PPTX, e, pkg.damage().isPresent());
            }
        }
    }

    private static Document read(Path file, OPCPackage opc, OfficePackage pkg)
            throws XMLStreamException, IOException, InvalidFormatException {
        PackagePart presentation = null;
        for (PackageRelationship rel : opc.getRelationships()) {
            if (rel.getRelationshipType().endsWith("/officeDocument")) {
                presentation = opc.getPart(rel);
            }
        }
        if (presentation == null) {
            throw new ParseException(
                    file,
                    "the package holds no presentation part (ppt/presentation.xml); check that it is a PPTX file",
                    null);
        }
        List<PptxSlide> slides = new ArrayList<>();
        for (String id : slideIds(presentation)) {
            PackageRelationship rel = presentation.getRelationship(id);
            PackagePart part = rel == null ? null : related(presentation, rel);
            if (part != null) {
                slides.add(slide(part));
            }
        }
        String declared =
                opc.getPackageProperties().getTitleProperty().orElse("").strip();
        String title = declared;
        for (int i = 0; i < slides.size() && title.isEmpty(); i++) {
            title = Blocks.inline(slides.get(i).title());
        }
        if (title.isEmpty()) {
            title = DocumentIds.stem(file);
        }
        Blocks out = new Blocks(title);
        for (int i = 0; i < slides.size(); i++) {
            PptxSlide s = slides.get(i);
            out.page(i + 1);
            String heading = Blocks.inline(s.title());
            out.heading(heading.isEmpty() ? "Slide " + (i + 1) : heading, 1);
            for (PptxSlide.Shape shape : s.shapes()) {
                switch (shape) {
                    case PptxSlide.Text t -> out.paragraph(t.text());
                    case PptxSlide.TableRows t -> out.table(t.rows());
                    case PptxSlide.Chart c -> chart(s.part(), c.relationshipId(), out);
                }
            }
            if (!s.notes().isBlank()) {
                out.paragraph("Notes: " + s.notes());
            }
        }
        String sha = DocumentIds.sha256(file);
        Map<String, String> metadata =
                pkg.damage().map(d -> Map.of(Damage.KEY, d)).orElse(Map.of());
        return new Document(DocumentIds.id(file, sha), title, file.toString(), slides.size(), metadata, out.build());
    }

    private static List<String> slideIds(PackagePart presentation) throws IOException, XMLStreamException {
        List<String> ids = new ArrayList<>();
        try (InputStream in = presentation.getInputStream()) {
            XMLStreamReader r = XmlParts.reader(in);
            while (r.hasNext()) {
                if (r.next() == XMLStreamConstants.START_ELEMENT
                        && r.getLocalName().equals("sldId")) {
                    String id = XmlParts.attribute(r, "id");
                    for (int i = 0; i < r.getAttributeCount(); i++) {
                        if (r.getAttributeLocalName(i).equals("id") && r.getAttributeNamespace(i) != null) {
                            id = r.getAttributeValue(i); // r:id, not the numeric id
                        }
                    }
                    if (id != null) {
                        ids.add(id);
                    }
                }
            }
        }
        return ids;
    }

    private static PptxSlide slide(PackagePart part) throws IOException, XMLStreamException, InvalidFormatException {
        PptxSlide slide;
        try (InputStream in = part.getInputStream()) {
            slide = PptxSlide.read(part, XmlParts.reader(in), false);
        }
        for (PackageRelationship rel : part.getRelationships()) {
            if (rel.getRelationshipType().endsWith("/notesSlide") && rel.getTargetMode() != TargetMode.EXTERNAL) {
                PackagePart notes = related(part, rel);
                if (notes != null) {
                    try (InputStream in = notes.getInputStream()) {
                        slide = slide.withNotes(
                                PptxSlide.read(notes, XmlParts.reader(in), true).notes());
                    }
                }
            }
        }
        return slide;
    }

    private static void chart(PackagePart slide, String relationshipId, Blocks out) {
        PackageRelationship rel = slide.getRelationship(relationshipId);
        PackagePart part = rel == null ? null : related(slide, rel);
        if (part == null) {
            return;
        }
        try (InputStream in = part.getInputStream()) {
            ChartData chart = ChartData.read(in);
            out.paragraph(chart.title());
            out.table(chart.rows());
        } catch (IOException | XMLStreamException e) {
            // a chart whose cached data cannot be read adds nothing; the slide's text stands
        }
    }

    private static PackagePart related(PackagePart from, PackageRelationship rel) {
        try {
            return from.getRelatedPart(rel);
        } catch (InvalidFormatException | RuntimeException e) {
            return null; // a relationship to a part the package lacks: nothing to read there
        }
    }
}
