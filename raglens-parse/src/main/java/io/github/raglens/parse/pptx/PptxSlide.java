package io.github.raglens.parse.pptx;

import io.github.raglens.parse.packaging.XmlParts;
import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.poi.openxml4j.opc.PackagePart;

/**
 * A slide (or notes page) as read with StAX: its title (the text of its title placeholder), its other
 * shapes in the order the slide lists them (text, tables, charts), and its speaker notes.
 */
record PptxSlide(PackagePart part, String title, List<Shape> shapes, String notes) {

    /** A shape of a slide. */
    sealed interface Shape {}

    /** A text shape: its paragraphs, one per line. */
    record Text(String text) implements Shape {}

    /** A table: rows of cell texts, merged cells spread. */
    record TableRows(List<List<String>> rows) implements Shape {}

    /** A chart, by its relationship id from the slide. */
    record Chart(String relationshipId) implements Shape {}

    PptxSlide withNotes(String notes) {
        return new PptxSlide(part, title, shapes, notes);
    }

    /**
     * Reads a slide part; for a notes page ({@code notesPage}), only the text of its body placeholder,
     * as the notes.
     */
    static PptxSlide read(PackagePart part, XMLStreamReader r, boolean notesPage) throws XMLStreamException {
        StringBuilder title = new StringBuilder();
        StringBuilder notes = new StringBuilder();
        List<Shape> shapes = new ArrayList<>();
        while (r.hasNext()) {
            if (r.next() != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            switch (r.getLocalName()) {
                case "sp" -> {
                    TextShape s = textShape(r);
                    if (notesPage) {
                        if (s.placeholder().equals("body")) {
                            notes.append(notes.isEmpty() ? "" : "\n")
                                    .append(s.text().strip());
                        }
                    } else if (s.placeholder().equals("title")
                            || s.placeholder().equals("ctrTitle")) {
                        title.append(title.isEmpty() ? "" : " ").append(s.text().strip());
                    } else if (!s.text().isBlank()
                            && !s.placeholder().equals("sldNum")
                            && !s.placeholder().equals("dt")
                            && !s.placeholder().equals("ftr")) {
                        shapes.add(new Text(s.text()));
                    }
                }
                case "tbl" -> {
                    if (!notesPage) {
                        shapes.add(new TableRows(table(r)));
                    }
                }
                case "chart" -> {
                    String id = relationshipId(r);
                    if (!notesPage && id != null) {
                        shapes.add(new Chart(id));
                    }
                }
                default -> {}
            }
        }
        return new PptxSlide(part, title.toString(), shapes, notes.toString());
    }

    private record TextShape(String placeholder, String text) {}

    /** Reads a shape: its placeholder type ("" for none, "body" for an untyped placeholder) and text. */
    private static TextShape textShape(XMLStreamReader r) throws XMLStreamException {
        String placeholder = "";
        StringBuilder text = new StringBuilder();
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
                if (r.getLocalName().equals("p") && !text.isEmpty() && text.charAt(text.length() - 1) != '\n') {
                    text.append('\n');
                }
            } else if (e == XMLStreamConstants.START_ELEMENT) {
                switch (r.getLocalName()) {
                    case "ph" -> {
                        String type = XmlParts.attribute(r, "type");
                        placeholder = type == null ? "body" : type;
                        depth++;
                    }
                    case "t" -> text.append(r.getElementText());
                    case "br" -> {
                        text.append('\n');
                        depth++;
                    }
                    default -> depth++;
                }
            }
        }
        return new TextShape(placeholder, text.toString());
    }

    /** Reads a table: a cell merged into the one left of it or above takes that cell's text. */
    private static List<List<String>> table(XMLStreamReader r) throws XMLStreamException {
        List<List<String>> rows = new ArrayList<>();
        List<String> row = null;
        StringBuilder cell = null;
        String merged = null;
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
                switch (r.getLocalName()) {
                    case "tr" -> {
                        rows.add(row);
                        row = null;
                    }
                    case "tc" -> {
                        String text = cell.toString().strip();
                        if (merged != null && row != null) {
                            int column = row.size();
                            List<String> above = rows.isEmpty() ? List.of() : rows.getLast();
                            text = merged.equals("h")
                                    ? (row.isEmpty() ? "" : row.getLast())
                                    : (column < above.size() ? above.get(column) : "");
                        }
                        if (row != null) {
                            row.add(text);
                        }
                        cell = null;
                    }
                    case "p" -> {
                        if (cell != null) {
                            cell.append(' ');
                        }
                    }
                    default -> {}
                }
            } else if (e == XMLStreamConstants.START_ELEMENT) {
                depth++;
                switch (r.getLocalName()) {
                    case "tr" -> row = new ArrayList<>();
                    case "tc" -> {
                        cell = new StringBuilder();
                        merged = on(XmlParts.attribute(r, "hMerge"))
                                ? "h"
                                : on(XmlParts.attribute(r, "vMerge")) ? "v" : null;
                    }
                    case "t" -> {
                        String t = r.getElementText();
                        depth--;
                        if (cell != null) {
                            cell.append(t);
                        }
                    }
                    default -> {}
                }
            }
        }
        rows.removeIf(java.util.Objects::isNull);
        return rows;
    }

    private static boolean on(String value) {
        return value != null && (value.equals("1") || value.equals("true"));
    }

    private static String relationshipId(XMLStreamReader r) {
        for (int i = 0; i < r.getAttributeCount(); i++) {
            if (r.getAttributeLocalName(i).equals("id")) {
                return r.getAttributeValue(i);
            }
        }
        return null;
    }
}
