package io.github.raglens.parse.xlsx;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.Document;
import io.github.raglens.parse.document.Blocks;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.packaging.ChartData;
import io.github.raglens.parse.packaging.OfficeFormat;
import io.github.raglens.parse.packaging.OfficePackage;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.stream.XMLStreamException;
import org.apache.poi.openxml4j.exceptions.InvalidFormatException;
import org.apache.poi.openxml4j.opc.PackagePart;
import org.apache.poi.ss.usermodel.DataFormatter;
import org.apache.poi.ss.usermodel.RichTextString;
import org.apache.poi.util.XMLHelper;
import org.apache.poi.xssf.eventusermodel.ReadOnlySharedStringsTable;
import org.apache.poi.xssf.eventusermodel.XSSFSheetXMLHandler;
import org.apache.poi.xssf.model.CommentsTable;
import org.apache.poi.xssf.model.SharedStrings;
import org.apache.poi.xssf.model.StylesTable;
import org.apache.poi.xssf.usermodel.XSSFRichTextString;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;
import org.xml.sax.XMLReader;

/**
 * Parses Excel workbooks (XLSX, and XLSM without running its macros) into a section per sheet, in the
 * workbook's order, under the sheet's name; each sheet's page is its number. A sheet's cells are streamed
 * from its XML with POI's event API ({@link XSSFSheetXMLHandler}, the shared strings read once with
 * {@link ReadOnlySharedStringsTable}), never loaded as POI's workbook model, so a sheet costs only the text
 * of its cells. Each region of touching cells is a table ({@link CellRegions}, {@link RegionTable}: its
 * title rows as paragraphs above it, a merged cell's text in each of its cells), each value as Excel
 * shows it (its number format applied, a formula's last result); charts follow as their data, and cell
 * comments after the sheet's tables. Thread-safe: each call opens its own package.
 */
public final class XlsxParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "xlsx-1";

    /** Creates the parser. */
    public XlsxParser() {}

    /**
     * Parses one workbook.
     *
     * @throws ParseException with a one-line reason when the file is empty, not an XLSX package,
     *     password-protected, an Excel 97-2003 file, a zip bomb, or cut short before any sheet
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        return OfficePackage.read(file, OfficeFormat.XLSX, pkg -> read(file, pkg));
    }

    private static Document read(Path file, OfficePackage pkg)
            throws IOException, XMLStreamException, InvalidFormatException, SAXException, ParserConfigurationException {
        PackagePart workbook = pkg.mainPart();
        StylesTable styles = new StylesTable();
        SharedStrings strings = new MissingStrings(null);
        for (PackagePart part : OfficePackage.relatedOfType(workbook, "/styles")) {
            styles = new StylesTable(part);
        }
        for (PackagePart part : OfficePackage.relatedOfType(workbook, "/sharedStrings")) {
            strings = new MissingStrings(new ReadOnlySharedStringsTable(part, false));
        }
        String title = pkg.declaredTitle();
        if (title.isEmpty()) {
            title = DocumentIds.stem(file);
        }
        Blocks out = new Blocks(title);
        List<WorkbookSheets.Sheet> sheets = WorkbookSheets.read(workbook);
        DataFormatter formatter = new DataFormatter(Locale.ROOT);
        int page = 0;
        for (WorkbookSheets.Sheet sheet : sheets) {
            Optional<PackagePart> part = OfficePackage.related(workbook, sheet.relationshipId());
            if (part.isEmpty()) {
                continue; // a sheet the package lacks (cut off before it): nothing to read
            }
            out.page(++page);
            out.heading(sheet.name().isBlank() ? "Sheet " + page : sheet.name(), 1);
            SheetCells cells =
                    cells(part.get(), styles, strings, formatter, pkg.damage().isPresent());
            for (CellRegions.Region region : CellRegions.of(cells)) {
                RegionTable.write(region, cells, out);
            }
            for (PackagePart drawing : OfficePackage.relatedOfType(part.get(), "/drawing")) {
                for (PackagePart chart : OfficePackage.relatedOfType(drawing, "/chart")) {
                    ChartData.write(chart, out);
                }
            }
            cells.comments().forEach(out::paragraph);
        }
        if (page == 0) {
            pkg.nothingReadBeforeTheCut().ifPresent(e -> {
                throw e;
            });
        }
        return new Document(DocumentIds.of(file), title, file.toString(), page, pkg.metadata(), out.build());
    }

    /**
     * Streams a sheet's cells. In a file cut short, a sheet whose XML breaks off keeps the cells before the
     * break.
     */
    private static SheetCells cells(
            PackagePart sheet, StylesTable styles, SharedStrings strings, DataFormatter formatter, boolean cutShort)
            throws IOException, SAXException, ParserConfigurationException, InvalidFormatException {
        CommentsTable comments = null;
        for (PackagePart part : OfficePackage.relatedOfType(sheet, "/comments")) {
            comments = new CommentsTable(part);
        }
        SheetCells cells = new SheetCells();
        XMLReader reader = XMLHelper.newXMLReader();
        reader.setContentHandler(new XSSFSheetXMLHandler(styles, comments, strings, cells, formatter, false) {
            @Override
            public void startElement(String uri, String localName, String qName, Attributes attributes)
                    throws SAXException {
                if (localName.equals("mergeCell") && attributes.getValue("ref") != null) {
                    cells.merge(attributes.getValue("ref"));
                }
                super.startElement(uri, localName, qName, attributes);
            }
        });
        try (InputStream in = sheet.getInputStream()) {
            reader.parse(new InputSource(in));
        } catch (SAXException | IOException e) {
            if (!cutShort) {
                throw e;
            }
            // the sheet breaks off where the file was cut: the cells before it stand
        }
        cells.finish();
        return cells;
    }

    /** Shared strings that read a missing one (its part absent or cut short) as an empty text. */
    private record MissingStrings(SharedStrings strings) implements SharedStrings {
        @Override
        public RichTextString getItemAt(int idx) {
            if (strings != null && idx >= 0) {
                try {
                    return strings.getItemAt(idx);
                } catch (IndexOutOfBoundsException e) {
                    // fewer strings than the sheet refers to: the part was cut short
                }
            }
            return new XSSFRichTextString("");
        }

        @Override
        public int getCount() {
            return strings == null ? 0 : strings.getCount();
        }

        @Override
        public int getUniqueCount() {
            return strings == null ? 0 : strings.getUniqueCount();
        }
    }
}
