package io.github.raglens.parse.pdf;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Checks the end of a PDF file, where its trailer and the pointer to its cross-reference table live.
 * PDFBox's lenient parser rebuilds a file whose end is missing or whose cross-reference table is
 * broken by scanning for objects, and silently returns only the pages it found; this check tells such
 * a file apart from an intact one.
 */
final class PdfDamage {

    /** Bytes read from the end of the file; the specification puts {@code %%EOF} in the last 1024. */
    private static final int TAIL = 1024;

    private static final Pattern STARTXREF = Pattern.compile("startxref\\s+(\\d+)");
    private static final Pattern OBJECT = Pattern.compile("\\d+\\s+\\d+\\s+obj\\b.*", Pattern.DOTALL);

    private PdfDamage() {}

    /**
     * What is wrong with the file's end, or empty when its trailer points to a cross-reference table.
     *
     * @throws IOException when the file cannot be read
     */
    static Optional<String> of(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = channel.size();
            String tail = read(channel, Math.max(0, size - TAIL), (int) Math.min(TAIL, size));
            if (!tail.contains("%%EOF")) {
                return Optional.of("the file ends without its end-of-file marker, so it was cut short, as by an"
                        + " interrupted download or copy");
            }
            Matcher m = STARTXREF.matcher(tail);
            long offset = -1;
            while (m.find()) {
                offset = parseOffset(m.group(1));
            }
            if (offset < 0) {
                return Optional.of("the trailer has no startxref entry pointing to the cross-reference table");
            }
            if (offset >= size) {
                return Optional.of("startxref points to byte " + offset + ", past the end of the " + size
                        + "-byte file, so part of the file is missing");
            }
            String at = read(channel, offset, 64).stripLeading();
            if (!at.startsWith("xref") && !OBJECT.matcher(at).matches()) {
                return Optional.of("startxref points to byte " + offset
                        + ", where there is no cross-reference table, so the table is broken");
            }
            return Optional.empty();
        }
    }

    private static long parseOffset(String digits) {
        try {
            return Long.parseLong(digits);
        } catch (NumberFormatException e) {
            return Long.MAX_VALUE;
        }
    }

    private static String read(FileChannel channel, long position, int length) throws IOException {
        ByteBuffer buffer = ByteBuffer.allocate(length);
        while (buffer.hasRemaining() && channel.read(buffer, position + buffer.position()) > 0) {
            // keep reading until the buffer is full or the file ends
        }
        return new String(buffer.array(), 0, buffer.position(), StandardCharsets.ISO_8859_1);
    }
}
