package io.github.raglens.parse.html;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.Charset;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.IllegalCharsetNameException;
import java.nio.charset.StandardCharsets;
import java.nio.charset.UnsupportedCharsetException;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The text of an HTML file's bytes: in the charset its byte-order mark or its declaration ({@code <meta
 * charset>}, {@code http-equiv} Content-Type, an XML declaration) names within its first 2048 bytes;
 * without one, UTF-8 when the bytes are valid UTF-8 and otherwise Windows-1252, the superset of
 * Latin-1 that browsers read undeclared Western pages as.
 */
public final class HtmlCharset {

    private static final int SNIFF = 2048;
    private static final Pattern DECLARED = Pattern.compile(
            "<meta[^>]*?charset\\s*=\\s*[\"']?\\s*([A-Za-z0-9._:-]+)|<\\?xml[^>]*?encoding\\s*=\\s*[\"']([A-Za-z0-9._:-]+)",
            Pattern.CASE_INSENSITIVE);

    private HtmlCharset() {}

    /** Decodes a page's bytes. */
    public static String decode(byte[] bytes) {
        Optional<Charset> bom = bom(bytes);
        if (bom.isPresent()) {
            int skip = bom.get().equals(StandardCharsets.UTF_8) ? 3 : 2;
            return new String(bytes, skip, bytes.length - skip, bom.get());
        }
        Optional<Charset> declared = declared(bytes);
        if (declared.isPresent()) {
            return new String(bytes, declared.get());
        }
        try {
            return StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
        } catch (CharacterCodingException e) {
            return new String(bytes, Charset.forName("windows-1252"));
        }
    }

    private static Optional<Charset> bom(byte[] b) {
        if (b.length >= 3 && (b[0] & 0xFF) == 0xEF && (b[1] & 0xFF) == 0xBB && (b[2] & 0xFF) == 0xBF) {
            return Optional.of(StandardCharsets.UTF_8);
        }
        if (b.length >= 2 && (b[0] & 0xFF) == 0xFE && (b[1] & 0xFF) == 0xFF) {
            return Optional.of(StandardCharsets.UTF_16BE);
        }
        if (b.length >= 2 && (b[0] & 0xFF) == 0xFF && (b[1] & 0xFF) == 0xFE) {
            return Optional.of(StandardCharsets.UTF_16LE);
        }
        return Optional.empty();
    }

    private static Optional<Charset> declared(byte[] bytes) {
        String head = new String(bytes, 0, Math.min(bytes.length, SNIFF), StandardCharsets.ISO_8859_1);
        Matcher m = DECLARED.matcher(head);
        if (!m.find()) {
            return Optional.empty();
        }
        String name = m.group(1) != null ? m.group(1) : m.group(2);
        try {
            Charset charset = Charset.forName(name);
            // A page that says Latin-1 means Windows-1252, as browsers read it (HTML's encoding labels).
            return Optional.of(
                    charset.equals(StandardCharsets.ISO_8859_1)
                                    || charset.name().equals("US-ASCII")
                            ? Charset.forName("windows-1252")
                            : charset);
        } catch (IllegalCharsetNameException | UnsupportedCharsetException e) {
            return Optional.empty();
        }
    }
}
