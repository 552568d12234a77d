package io.github.raglens.parse.docx;

import io.github.raglens.parse.packaging.XmlParts;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads WordprocessingML blocks with StAX, by local name, so that Strict and Transitional documents
 * read alike: paragraphs with their text (insertions kept, deletions, moved-away text, field codes and
 * the fallback copy of alternate content left out), tables, content controls as their content, and
 * text boxes as blocks floating in their paragraph. The main document, footnotes and endnotes all
 * read this way.
 */
final class DocxReader {

    /** Elements whose content is never text of the document. */
    private static final Set<String> SKIPPED = Set.of(
            "del",
            "moveFrom",
            "instrText",
            "delText",
            "delInstrText",
            "Fallback",
            "sdtPr",
            "sdtEndPr",
            "sectPr",
            "tblPr",
            "tblGrid",
            "rPrChange",
            "pPrChange",
            "commentReference",
            "annotationRef",
            "docPr");

    private final XMLStreamReader r;

    DocxReader(XMLStreamReader r) {
        this.r = r;
    }

    /** Reads the blocks up to the end of the element the reader is in, leaving it on that end tag. */
    List<DocxBlock> blocks() throws XMLStreamException {
        List<DocxBlock> out = new ArrayList<>();
        blocks(out);
        return out;
    }

    /**
     * Reads the blocks of a part whose end was cut off: those read before the XML breaks off, the block
     * it breaks off in left out.
     */
    List<DocxBlock> blocksBeforeCut() {
        List<DocxBlock> out = new ArrayList<>();
        try {
            blocks(out);
        } catch (XMLStreamException | RuntimeException cut) {
            // the part ends in the middle of a block: keep the blocks before it
        }
        return out;
    }

    private void blocks(List<DocxBlock> out) throws XMLStreamException {
        int depth = 1;
        while (depth > 0 && r.hasNext()) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT) {
                String name = r.getLocalName();
                if (name.equals("p")) {
                    out.add(paragraph());
                } else if (name.equals("tbl")) {
                    out.addAll(table());
                } else if (SKIPPED.contains(name)) {
                    XmlParts.skip(r);
                } else {
                    depth++;
                }
            } else if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }

    /** Moves to the start of the next element with this local name; false at the end of the part. */
    boolean toElement(String localName) throws XMLStreamException {
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals(localName)) {
                return true;
            }
        }
        return false;
    }

    /** The notes (footnotes or endnotes) of a notes part by id, the separators left out. */
    Map<String, String> notes(String element) throws XMLStreamException {
        Map<String, String> notes = new LinkedHashMap<>();
        while (toElement(element)) {
            String id = XmlParts.attribute(r, "id");
            String type = XmlParts.attribute(r, "type");
            List<DocxBlock> blocks = blocks();
            if (id != null && (type == null || type.equals("normal"))) {
                StringBuilder text = new StringBuilder();
                for (DocxBlock b : blocks) {
                    String t = DocxBlock.text(b).strip();
                    if (!t.isEmpty()) {
                        text.append(text.isEmpty() ? "" : " ").append(t);
                    }
                }
                notes.put(id, text.toString());
            }
        }
        return notes;
    }

    private DocxBlock.Paragraph paragraph() throws XMLStreamException {
        String style = null;
        Integer outline = null;
        String numId = null;
        int level = 0;
        boolean displayMath = false;
        StringBuilder text = new StringBuilder();
        int boldChars = 0;
        int chars = 0;
        boolean runBold = false;
        List<String> notes = new ArrayList<>();
        List<DocxBlock> floating = new ArrayList<>();
        List<String> charts = new ArrayList<>();
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
                if (r.getLocalName().equals("r")) {
                    runBold = false;
                }
                continue;
            }
            if (e != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            String name = r.getLocalName();
            switch (name) {
                case "pPr" -> {
                    ParagraphProperties p = paragraphProperties();
                    style = p.style;
                    outline = p.outline;
                    numId = p.numId;
                    level = p.level;
                }
                case "rPr" -> runBold = bold();
                case "t" -> {
                    String t = r.getElementText();
                    text.append(t);
                    int n = nonBlank(t);
                    chars += n;
                    boldChars += runBold ? n : 0;
                }
                case "tab", "ptab" -> skipEmpty('\t', text);
                case "br" -> {
                    String type = XmlParts.attribute(r, "type");
                    skipEmpty(type == null || type.equals("textWrapping") ? '\n' : ' ', text);
                }
                case "cr" -> skipEmpty('\n', text);
                case "noBreakHyphen" -> skipEmpty('-', text);
                case "footnoteReference", "endnoteReference" -> {
                    String label = "[^" + (name.startsWith("end") ? "e" : "") + XmlParts.attribute(r, "id") + "]";
                    notes.add(label);
                    text.append(label);
                    XmlParts.skip(r);
                }
                case "txbxContent" -> floating.addAll(blocks());
                case "chart" -> {
                    String id = XmlParts.attribute(r, "id");
                    if (id != null) {
                        charts.add(id);
                    }
                    XmlParts.skip(r);
                }
                case "oMathPara" -> {
                    displayMath = true;
                    depth++;
                }
                default -> {
                    if (SKIPPED.contains(name)) {
                        XmlParts.skip(r);
                    } else {
                        depth++;
                    }
                }
            }
        }
        boolean bold = chars > 0 && boldChars == chars;
        return new DocxBlock.Paragraph(
                style, outline, numId, level, text.toString(), bold, displayMath, notes, floating, charts);
    }

    private void skipEmpty(char c, StringBuilder text) throws XMLStreamException {
        text.append(c);
        XmlParts.skip(r);
    }

    private static int nonBlank(String s) {
        int n = 0;
        for (int i = 0; i < s.length(); i++) {
            n += Character.isWhitespace(s.charAt(i)) ? 0 : 1;
        }
        return n;
    }

    private static final class ParagraphProperties {
        String style;
        Integer outline;
        String numId;
        int level;
    }

    private ParagraphProperties paragraphProperties() throws XMLStreamException {
        ParagraphProperties p = new ParagraphProperties();
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (e == XMLStreamConstants.START_ELEMENT) {
                String val = XmlParts.attribute(r, "val");
                switch (r.getLocalName()) {
                    case "pStyle" -> p.style = val;
                    case "outlineLvl" -> p.outline = integer(val, 9);
                    case "numId" -> p.numId = val;
                    case "ilvl" -> p.level = integer(val, 0);
                    case "rPr", "pPrChange", "sectPr" -> {
                        // the paragraph mark's run, an earlier version of the properties, a section break
                        XmlParts.skip(r);
                        continue;
                    }
                    default -> {}
                }
                depth++;
            }
        }
        return p;
    }

    /** Reads a run's properties: whether it is bold. */
    private boolean bold() throws XMLStreamException {
        boolean bold = false;
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (e == XMLStreamConstants.START_ELEMENT) {
                if (r.getLocalName().equals("b")) {
                    bold = DocxReader.on(XmlParts.attribute(r, "val"));
                } else if (r.getLocalName().equals("rPrChange")) {
                    XmlParts.skip(r);
                    continue;
                }
                depth++;
            }
        }
        return bold;
    }

    /**
     * Reads a table: its rows, or the blocks of its one cell when it has one (a frame drawn around text,
     * not a table of data).
     */
    private List<DocxBlock> table() throws XMLStreamException {
        DocxTable table = new DocxTable();
        List<DocxBlock> firstCell = new ArrayList<>();
        int cells = 0;
        int gridBefore = 0;
        boolean header = false;
        boolean rowOpen = false;
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
                if (r.getLocalName().equals("tr")) {
                    table.endRow();
                    rowOpen = false;
                }
                continue;
            }
            if (e != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            switch (r.getLocalName()) {
                case "tr" -> {
                    gridBefore = 0;
                    header = false;
                    depth++;
                }
                case "gridBefore" -> {
                    gridBefore = integer(XmlParts.attribute(r, "val"), 0);
                    depth++;
                }
                case "tblHeader" -> {
                    header = DocxReader.on(XmlParts.attribute(r, "val"));
                    depth++;
                }
                case "tc" -> {
                    if (!rowOpen) {
                        table.startRow(gridBefore, header);
                        rowOpen = true;
                    }
                    List<DocxBlock> content = cell(table);
                    if (cells++ == 0) {
                        firstCell = content;
                    }
                }
                default -> {
                    if (SKIPPED.contains(r.getLocalName())) {
                        XmlParts.skip(r);
                    } else {
                        depth++;
                    }
                }
            }
        }
        return cells == 1 ? firstCell : List.of(new DocxBlock.TableRows(table.rows()));
    }

    private List<DocxBlock> cell(DocxTable table) throws XMLStreamException {
        List<DocxBlock> content = new ArrayList<>();
        int span = 1;
        boolean continues = false;
        StringBuilder text = new StringBuilder();
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
                continue;
            }
            if (e != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            switch (r.getLocalName()) {
                case "gridSpan" -> {
                    span = integer(XmlParts.attribute(r, "val"), 1);
                    depth++;
                }
                case "vMerge" -> {
                    String val = XmlParts.attribute(r, "val");
                    continues = val == null || val.equals("continue");
                    depth++;
                }
                case "p", "tbl" -> {
                    List<DocxBlock> blocks = r.getLocalName().equals("p") ? List.of(paragraph()) : table();
                    for (DocxBlock block : blocks) {
                        appendCellText(text, block);
                    }
                    content.addAll(blocks);
                }
                default -> {
                    if (SKIPPED.contains(r.getLocalName())) {
                        XmlParts.skip(r);
                    } else {
                        depth++;
                    }
                }
            }
        }
        table.cell(text.toString(), span, continues);
        return content;
    }

    private static void appendCellText(StringBuilder text, DocxBlock block) {
        String t = DocxBlock.text(block).strip();
        if (!t.isEmpty()) {
            text.append(text.isEmpty() ? "" : " ").append(t);
        }
        if (block instanceof DocxBlock.Paragraph p) {
            for (DocxBlock f : p.floating()) {
                appendCellText(text, f);
            }
        }
    }

    /** Whether an on/off property's value means on: absent (the element alone) or anything but false. */
    static boolean on(String value) {
        return value == null
                || !(value.equals("0") || value.equals("false") || value.equals("off") || value.equals("none"));
    }

    static int integer(String value, int otherwise) {
        if (value == null) {
            return otherwise;
        }
        try {
            return Integer.parseInt(value.strip());
        } catch (NumberFormatException e) {
            return otherwise;
        }
    }
}
