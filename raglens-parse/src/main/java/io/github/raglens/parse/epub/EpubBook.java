package io.github.raglens.parse.epub;

import io.github.raglens.error.ParseException;
import io.github.raglens.parse.packaging.XmlParts;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * An EPUB book opened as a zip: the package document its {@code META-INF/container.xml} points to, with
 * the book's title and the chapters of its spine. A part expands to at most 100 times its compressed
 * size (and 64 MiB), so a zip bomb is refused before it fills memory.
 */
final class EpubBook implements AutoCloseable {

    private static final int MAX_RATIO = 100;
    private static final long MAX_PART = 64L << 20;

    private final Path file;
    private final ZipFile zip;
    private final String title;
    private final List<String> spine;

    private EpubBook(Path file, ZipFile zip, String title, List<String> spine) {
        this.file = file;
        this.zip = zip;
        this.title = title;
        this.spine = spine;
    }

    static EpubBook open(Path file) throws IOException, XMLStreamException {
        ZipFile zip = new ZipFile(file.toFile());
        try {
            if (zip.getEntry("META-INF/encryption.xml") != null && drm(zip, file)) {
                throw new ParseException(
                        file,
                        "the book is protected by DRM (its chapters are encrypted); parse a copy without DRM",
                        null);
            }
            byte[] container = read(zip, file, "META-INF/container.xml");
            if (container == null) {
                throw new ParseException(
                        file,
                        "not an EPUB book (no META-INF/container.xml); check the file type or rename it with its"
                                + " real extension",
                        null);
            }
            String opfPath = rootFile(container);
            byte[] opf = opfPath == null ? null : read(zip, file, opfPath);
            if (opf == null) {
                throw new ParseException(
                        file,
                        "the book's package document " + (opfPath == null ? "" : opfPath + " ")
                                + "is missing; replace it with the complete file",
                        null);
            }
            String base = opfPath.contains("/") ? opfPath.substring(0, opfPath.lastIndexOf('/') + 1) : "";
            return packageDocument(file, zip, opf, base);
        } catch (IOException | XMLStreamException | RuntimeException e) {
            zip.close();
            throw e;
        }
    }

    Optional<String> title() {
        return title.isBlank() ? Optional.empty() : Optional.of(title.strip());
    }

    /** The paths in the zip of the spine's chapters, in reading order. */
    List<String> spine() {
        return spine;
    }

    /** A part's bytes, or null when the zip lacks it. */
    byte[] read(String path) throws IOException {
        return read(zip, file, path);
    }

    private static String rootFile(byte[] container) throws XMLStreamException {
        XMLStreamReader r = XmlParts.reader(new java.io.ByteArrayInputStream(container));
        while (r.hasNext()) {
            if (r.next() == XMLStreamConstants.START_ELEMENT && r.getLocalName().equals("rootfile")) {
                String path = XmlParts.attribute(r, "full-path");
                if (path != null && !path.isBlank()) {
                    return path.strip();
                }
            }
        }
        return null;
    }

    private static EpubBook packageDocument(Path file, ZipFile zip, byte[] opf, String base) throws XMLStreamException {
        XMLStreamReader r = XmlParts.reader(new java.io.ByteArrayInputStream(opf));
        Map<String, String> hrefs = new HashMap<>();
        List<String> order = new ArrayList<>();
        String title = "";
        while (r.hasNext()) {
            if (r.next() != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            switch (r.getLocalName()) {
                case "title" -> {
                    if (title.isEmpty() && "http://purl.org/dc/elements/1.1/".equals(r.getNamespaceURI())) {
                        title = r.getElementText();
                    }
                }
                case "item" -> {
                    String id = XmlParts.attribute(r, "id");
                    String href = XmlParts.attribute(r, "href");
                    if (id != null && href != null) {
                        hrefs.put(id, href);
                    }
                }
                case "itemref" -> {
                    String idref = XmlParts.attribute(r, "idref");
                    if (idref != null) {
                        order.add(idref);
                    }
                }
                default -> {}
            }
        }
        List<String> spine = new ArrayList<>();
        for (String id : order) {
            String href = hrefs.get(id);
            if (href != null) {
                spine.add(resolve(base, href));
            }
        }
        return new EpubBook(file, zip, title, spine);
    }

    /** A manifest href relative to the package document, as a path in the zip. */
    private static String resolve(String base, String href) {
        String h = href;
        int hash = h.indexOf('#');
        if (hash >= 0) {
            h = h.substring(0, hash);
        }
        h = URLDecoder.decode(h.replace("+", "%2B"), StandardCharsets.UTF_8);
        List<String> parts = new ArrayList<>();
        for (String p : (base + h).split("/")) {
            if (p.equals("..")) {
                if (!parts.isEmpty()) {
                    parts.removeLast();
                }
            } else if (!p.isEmpty() && !p.equals(".")) {
                parts.add(p);
            }
        }
        return String.join("/", parts);
    }

    /** Whether the book's encryption.xml encrypts more than fonts (font obfuscation is not DRM). */
    private static boolean drm(ZipFile zip, Path file) throws IOException {
        byte[] encryption = read(zip, file, "META-INF/encryption.xml");
        if (encryption == null) {
            return false;
        }
        String xml = new String(encryption, StandardCharsets.UTF_8);
        for (String uri : xml.split("URI=\"")) {
            String target = uri.contains("\"") ? uri.substring(0, uri.indexOf('"')) : "";
            String lower = target.toLowerCase(java.util.Locale.ROOT);
            if (lower.endsWith(".xhtml") || lower.endsWith(".html") || lower.endsWith(".htm")) {
                return true;
            }
        }
        return false;
    }

    private static byte[] read(ZipFile zip, Path file, String path) throws IOException {
        ZipEntry entry = zip.getEntry(path);
        if (entry == null) {
            return null;
        }
        long compressed = Math.max(entry.getCompressedSize(), 1);
        long limit = Math.min(MAX_PART, Math.max(1L << 20, compressed * MAX_RATIO));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        byte[] buffer = new byte[1 << 16];
        try (InputStream in = zip.getInputStream(entry)) {
            long total = 0;
            for (int n; (n = in.read(buffer)) >= 0; ) {
                total += n;
                if (total > limit) {
                    throw new ParseException(
                            file,
                            "refused: the part " + path + " expands to more than 100 times its compressed size, as"
                                    + " a zip bomb does; check where the file came from",
                            null);
                }
                out.write(buffer, 0, n);
            }
        }
        return out.toByteArray();
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }
}
