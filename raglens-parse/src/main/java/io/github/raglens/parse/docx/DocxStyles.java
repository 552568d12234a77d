package io.github.raglens.parse.docx;

import io.github.raglens.parse.packaging.XmlParts;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The paragraph styles of a document ({@code styles.xml}): what each says of its paragraphs' outline
 * level, list numbering and weight, each question answered along the chain of styles a style is based
 * on.
 */
final class DocxStyles {

    /** Heading levels are outline levels 0-8; level 9 is body text. */
    static final int BODY = -1;

    /** The outline level of the Title style: one above Heading 1. */
    static final int TITLE = -2;

    private static final Pattern HEADING_NAME = Pattern.compile("(?:heading|überschrift|titre|titolo|kop)\\s*(\\d)");

    private record Style(String name, String basedOn, Integer outline, Numbered numbering, Boolean bold) {}

    /** A list a style or paragraph belongs to. */
    record Numbered(String numId, int level) {}

    private final Map<String, Style> styles;
    private final String defaultParagraph;

    private DocxStyles(Map<String, Style> styles, String defaultParagraph) {
        this.styles = styles;
        this.defaultParagraph = defaultParagraph;
    }

    static DocxStyles none() {
        return new DocxStyles(Map.of(), null);
    }

    static DocxStyles read(InputStream in) throws XMLStreamException {
        Map<String, Style> styles = new HashMap<>();
        String defaultParagraph = null;
        XMLStreamReader r = XmlParts.reader(in);
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals("style")) {
                String id = XmlParts.attribute(r, "styleId");
                boolean paragraph = "paragraph".equals(XmlParts.attribute(r, "type"));
                String flag = XmlParts.attribute(r, "default");
                boolean isDefault = flag != null && DocxReader.on(flag);
                Style s = style(r);
                if (id != null && paragraph) {
                    styles.put(id, s);
                    if (isDefault) {
                        defaultParagraph = id;
                    }
                }
            }
        }
        return new DocxStyles(styles, defaultParagraph);
    }

    private static Style style(XMLStreamReader r) throws XMLStreamException {
        String name = null;
        String basedOn = null;
        Integer outline = null;
        String numId = null;
        int ilvl = 0;
        Boolean bold = null;
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
            } else if (e == XMLStreamConstants.START_ELEMENT) {
                depth++;
                String val = XmlParts.attribute(r, "val");
                switch (r.getLocalName()) {
                    case "name" -> name = val;
                    case "basedOn" -> basedOn = val;
                    case "outlineLvl" -> outline = DocxReader.integer(val, 9);
                    case "numId" -> numId = val;
                    case "ilvl" -> ilvl = DocxReader.integer(val, 0);
                    case "b" -> bold = val == null || DocxReader.on(val);
                    default -> {}
                }
            }
        }
        Numbered numbered = numId == null ? null : new Numbered(numId, ilvl);
        return new Style(name, basedOn, outline, numbered, bold);
    }

    /** The paragraph style a paragraph without one of its own has, or null. */
    String defaultParagraphStyle() {
        return defaultParagraph;
    }

    /**
     * The outline level a style gives its paragraphs: 0 for Heading 1, {@link #TITLE} for Title, {@link
     * #BODY} for body text.
     */
    int outlineLevel(String styleId) {
        int guard = 0;
        for (Style s = byId(styleId); s != null && guard++ < 32; s = byId(s.basedOn())) {
            if (s.outline() != null) {
                return s.outline() >= 9 ? BODY : s.outline();
            }
            if (s.name() != null) {
                String name = s.name().toLowerCase(Locale.ROOT);
                if (name.equals("title")) {
                    return TITLE;
                }
                Matcher m = HEADING_NAME.matcher(name);
                if (m.matches()) {
                    return Math.max(0, Integer.parseInt(m.group(1)) - 1);
                }
            }
        }
        return BODY;
    }

    /** The list a style puts its paragraphs in, or null. */
    Numbered numbering(String styleId) {
        int guard = 0;
        for (Style s = byId(styleId); s != null && guard++ < 32; s = byId(s.basedOn())) {
            if (s.numbering() != null) {
                return s.numbering();
            }
        }
        return null;
    }

    /** Whether a style sets its text in bold. */
    boolean bold(String styleId) {
        int guard = 0;
        for (Style s = byId(styleId); s != null && guard++ < 32; s = byId(s.basedOn())) {
            if (s.bold() != null) {
                return s.bold();
            }
        }
        return false;
    }

    /** The style with this id, or null for none or an unknown id. */
    private Style byId(String id) {
        return id == null ? null : styles.get(id);
    }

    /** The style's name in lower case, or "". */
    String name(String styleId) {
        Style s = byId(styleId);
        return s == null || s.name() == null ? "" : s.name().toLowerCase(Locale.ROOT);
    }
}
