package io.github.raglens.parse.text;

import io.github.raglens.error.ParseException;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.document.SourceFile;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * A text file read for a document: its text, decoded as UTF-8 with clear errors for empty, binary and
 * mis-encoded files, and the document's id, source and fallback title from the file.
 *
 * @param text the text, without a byte-order mark, lines ended by {@code \n}
 * @param id the document's id (the file's name and content hash)
 * @param source the file as given
 * @param stem the file's name without its extension, the title when the text names none
 */
public record TextFile(String text, String id, String source, String stem) {

    /**
     * Reads a file.
     *
     * @throws ParseException when the file is unreadable, empty, binary or not UTF-8
     */
    public static TextFile read(Path file) {
        byte[] bytes = SourceFile.read(file);
        String text = decode(file, bytes);
        return new TextFile(text, DocumentIds.of(file, bytes), file.toString(), DocumentIds.stem(file));
    }

    private static String decode(Path file, byte[] bytes) {
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                throw new ParseException(
                        file, "not a text file (binary content); check the file type or its extension", null);
            }
        }
        try {
            String text = StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes))
                    .toString();
            if (text.startsWith("\uFEFF")) {
                text = text.substring(1);
            }
            return text.replace("\r\n", "\n").replace('\r', '\n');
        } catch (CharacterCodingException e) {
            throw new ParseException(file, "the file is not valid UTF-8; convert it to UTF-8 and try again", e);
        }
    }
}
