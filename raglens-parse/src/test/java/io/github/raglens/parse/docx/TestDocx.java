package io.github.raglens.parse.docx;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.zip.ZipEntry;
import java.util.zip.ZipOutputStream;

/**
 * Writes small Word documents for tests: the body's WordprocessingML as given, with the package parts
 * Word needs around it, and optional styles, numbering and footnotes parts.
 */
public final class TestDocx {

    static final String W = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
    private static final String REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";

    private final Map<String, String> parts = new LinkedHashMap<>();

    private TestDocx(String body) {
        parts.put("word/document.xml", xml("w:document", "<w:body>" + body + "</w:body>"));
    }

    /** A document with this body (paragraphs {@code <w:p>} and tables {@code <w:tbl>}). */
    public static TestDocx body(String body) {
        return new TestDocx(body);
    }

    /** Adds {@code word/styles.xml} with these {@code <w:style>} elements. */
    TestDocx styles(String styles) {
        parts.put("word/styles.xml", xml("w:styles", styles));
        return this;
    }

    /** Adds {@code word/numbering.xml} with these abstract and concrete lists. */
    TestDocx numbering(String numbering) {
        parts.put("word/numbering.xml", xml("w:numbering", numbering));
        return this;
    }

    /** Adds {@code word/footnotes.xml} with these {@code <w:footnote>} elements. */
    TestDocx footnotes(String footnotes) {
        parts.put("word/footnotes.xml", xml("w:footnotes", footnotes));
        return this;
    }

    /** A paragraph of this text. */
    public static String p(String text) {
        return "<w:p><w:r><w:t xml:space=\"preserve\">" + text + "</w:t></w:r></w:p>";
    }

    /** A paragraph of this text in this style. */
    static String p(String style, String text) {
        return "<w:p><w:pPr><w:pStyle w:val=\"" + style + "\"/></w:pPr><w:r><w:t xml:space=\"preserve\">" + text
                + "</w:t></w:r></w:p>";
    }

    /** A paragraph style with this id and name, based on another style or null. */
    static String style(String id, String name, String basedOn, String properties) {
        return "<w:style w:type=\"paragraph\" w:styleId=\"" + id + "\"><w:name w:val=\"" + name + "\"/>"
                + (basedOn == null ? "" : "<w:basedOn w:val=\"" + basedOn + "\"/>")
                + "<w:pPr>" + properties + "</w:pPr></w:style>";
    }

    /** Writes the package to a file. */
    public Path write(Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            write(out);
        }
        return file;
    }

    void write(OutputStream out) throws IOException {
        StringBuilder types = new StringBuilder(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                        + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
                        + "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
                        + "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
                        + "<Override PartName=\"/word/document.xml\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml\"/>");
        StringBuilder rels = new StringBuilder(
                "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">");
        int id = 1;
        for (String part : parts.keySet()) {
            if (part.equals("word/document.xml")) {
                continue;
            }
            String kind = part.substring("word/".length(), part.length() - ".xml".length());
            types.append("<Override PartName=\"/")
                    .append(part)
                    .append("\" ContentType=\"application/vnd.openxmlformats-officedocument.wordprocessingml.")
                    .append(kind)
                    .append("+xml\"/>");
            rels.append("<Relationship Id=\"rId")
                    .append(id++)
                    .append("\" Type=\"")
                    .append(REL)
                    .append('/')
                    .append(kind)
                    .append("\" Target=\"")
                    .append(kind)
                    .append(".xml\"/>");
        }
        types.append("</Types>");
        rels.append("</Relationships>");
        try (ZipOutputStream zip = new ZipOutputStream(out)) {
            put(zip, "[Content_Types].xml", types.toString());
            put(
                    zip,
                    "_rels/.rels",
                    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
                            + "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">"
                            + "<Relationship Id=\"rId1\" Type=\"" + REL
                            + "/officeDocument\" Target=\"word/document.xml\"/>"
                            + "</Relationships>");
            put(zip, "word/_rels/document.xml.rels", rels.toString());
            for (Map.Entry<String, String> part : parts.entrySet()) {
                put(zip, part.getKey(), part.getValue());
            }
        }
    }

    private static void put(ZipOutputStream zip, String name, String content) throws IOException {
        zip.putNextEntry(new ZipEntry(name));
        zip.write(content.getBytes(StandardCharsets.UTF_8));
        zip.closeEntry();
    }

    private static String xml(String root, String content) {
        return "<?xml version=\"1.0\" encoding=\"UTF-8\"?><" + root + " xmlns:w=\"" + W + "\" xmlns:r=\"" + REL + "\">"
                + content + "</" + root + ">";
    }
}
