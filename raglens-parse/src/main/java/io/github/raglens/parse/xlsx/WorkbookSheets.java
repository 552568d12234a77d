package io.github.raglens.parse.xlsx;

import io.github.raglens.parse.packaging.XmlParts;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.poi.openxml4j.opc.PackagePart;

/**
 * The sheets a workbook part lists, in its order: worksheets and chart sheets. A hidden sheet is left out,
 * as an HTML page's hidden parts are: its author keeps it from readers (lookup lists, scratch work).
 */
final class WorkbookSheets {

    /**
     * One sheet of the workbook.
     *
     * @param name the sheet's name, as on its tab
     * @param relationshipId the workbook's relationship to the sheet's part
     */
    record Sheet(String name, String relationshipId) {}

    private WorkbookSheets() {}

    static List<Sheet> read(PackagePart workbook) throws IOException, XMLStreamException {
        List<Sheet> sheets = new ArrayList<>();
        try (InputStream in = workbook.getInputStream()) {
            XMLStreamReader r = XmlParts.reader(in);
            while (r.hasNext()) {
                if (r.next() == XMLStreamConstants.START_ELEMENT
                        && r.getLocalName().equals("sheet")) {
                    String name = XmlParts.attribute(r, "name");
                    String id = XmlParts.relationshipId(r);
                    String state = XmlParts.attribute(r, "state");
                    boolean hidden = state != null && !state.equals("visible");
                    if (id != null && !hidden) {
                        sheets.add(new Sheet(name == null ? "" : name, id));
                    }
                }
            }
        }
        return sheets;
    }
}
