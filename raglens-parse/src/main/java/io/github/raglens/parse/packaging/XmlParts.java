package io.github.raglens.parse.packaging;

import io.github.raglens.internal.OneLine;
import java.io.InputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads the XML parts of a package with StAX: no DTD, no external entity, coalesced text. The factory
 * is made once; {@link XMLInputFactory#createXMLStreamReader} is thread-safe once configured.
 */
public final class XmlParts {

    private static final XMLInputFactory FACTORY = factory();

    private XmlParts() {}

    private static XMLInputFactory factory() {
        XMLInputFactory f = XMLInputFactory.newDefaultFactory();
        f.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        f.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        f.setProperty(XMLInputFactory.IS_COALESCING, true);
        f.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return f;
    }

    /**
     * A reader's complaint about a damaged part on one line, for an error message: an XML error as
     * what is wrong and where ({@code Open quote is expected … at line 1, column 285}; the XML
     * reader splits it over two lines), anything else as its message, cut short.
     */
    public static String problem(Throwable e) {
        String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        if (e instanceof XMLStreamException x && x.getLocation() != null) {
            int at = m.indexOf(MESSAGE);
            String what = at >= 0 ? m.substring(at + MESSAGE.length()) : m;
            m = what.strip() + " at line " + x.getLocation().getLineNumber() + ", column "
                    + x.getLocation().getColumnNumber();
        }
        return OneLine.of(m);
    }

    private static final String MESSAGE = "Message: ";

    /** A reader over a part's bytes, positioned before its root element. */
    public static XMLStreamReader reader(InputStream in) throws XMLStreamException {
        return FACTORY.createXMLStreamReader(in);
    }

    /** Skips the rest of the element the reader is on the start of, leaving it on its end tag. */
    public static void skip(XMLStreamReader r) throws XMLStreamException {
        int depth = 1;
        while (depth > 0) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT) {
                depth++;
            } else if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
            }
        }
    }

    /** The attribute of the current element with this local name in any namespace, or null. */
    public static String attribute(XMLStreamReader r, String localName) {
        for (int i = 0; i < r.getAttributeCount(); i++) {
            if (r.getAttributeLocalName(i).equals(localName)) {
                return r.getAttributeValue(i);
            }
        }
        return null;
    }

    /**
     * The current element's relationship id ({@code r:id}): an {@code id} attribute in a namespace, not
     * the plain {@code id} or {@code sheetId} some elements also carry; null when it has none.
     */
    public static String relationshipId(XMLStreamReader r) {
        for (int i = 0; i < r.getAttributeCount(); i++) {
            String namespace = r.getAttributeNamespace(i);
            if (r.getAttributeLocalName(i).equals("id") && namespace != null && !namespace.isEmpty()) {
                return r.getAttributeValue(i);
            }
        }
        return null;
    }
}
