package io.github.raglens.parse.pptx;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.document.Blocks;
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
import java.util.Objects;
import java.util.Optional;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.poi.openxml4j.exceptions.InvalidFormatException;
import org.apache.poi.openxml4j.opc.PackagePart;

/**
 * Parses PowerPoint presentations (PPTX) into a section per slide, in the presentation's order: the
 * slide's title as its heading ({@code Slide N} when it has none), the text of its shapes in the order
 * the slide lists them, its tables (merged cells spread) and the data of its charts as tables, and its
 * speaker notes after them. Each section's page is its slide's number. Thread-safe.
 */
public final class PptxParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "pptx-2";

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
        return OfficePackage.read(file, OfficeFormat.PPTX, pkg -> read(file, pkg));
    }

    private static Document read(Path file, OfficePackage pkg)
            throws XMLStreamException, IOException, InvalidFormatException {
        PackagePart presentation = pkg.mainPart();
        List<PptxSlide> slides = new ArrayList<>();
        for (String id : slideIds(presentation)) {
            Optional<PackagePart> part = OfficePackage.related(presentation, id);
            if (part.isEmpty()) {
                continue;
            }
            try {
                slides.add(slide(part.get()));
            } catch (XMLStreamException | IOException e) {
                if (pkg.damage().isEmpty()) {
                    throw e;
                }
                // the slide the file's cut falls in is lost; the slides read before and after it stand
            }
        }
        if (slides.isEmpty()) {
            pkg.nothingReadBeforeTheCut().ifPresent(e -> {
                throw e;
            });
        }
        String title = pkg.declaredTitle();
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
                    case PptxSlide.Chart c -> ChartData.write(s.part(), c.relationshipId(), out);
                }
            }
            if (!s.notes().isBlank()) {
                out.paragraph("Notes: " + s.notes());
            }
        }
        return new Document(DocumentIds.of(file), title, file.toString(), slides.size(), pkg.metadata(), out.build());
    }

    private static List<String> slideIds(PackagePart presentation) throws IOException, XMLStreamException {
        List<String> ids = new ArrayList<>();
        try (InputStream in = presentation.getInputStream()) {
            XMLStreamReader r = XmlParts.reader(in);
            while (r.hasNext()) {
                if (r.next() == XMLStreamConstants.START_ELEMENT
                        && r.getLocalName().equals("sldId")) {
                    String id = XmlParts.relationshipId(r);
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
        for (PackagePart notes : OfficePackage.relatedOfType(part, "/notesSlide")) {
            try (InputStream in = notes.getInputStream()) {
                slide = slide.withNotes(
                        PptxSlide.read(notes, XmlParts.reader(in), true).notes());
            }
        }
        return slide;
    }
}
