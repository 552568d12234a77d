package io.github.raglens.parse.text;

import io.github.raglens.error.ParseException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads a text file as UTF-8 with clear errors for empty, binary and non-UTF-8 files. */
public final class TextFiles {

    private TextFiles() {}

    public static String read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw new ParseException(
                    file, "cannot read the file (" + e.getMessage() + "); check that it exists and is readable", e);
        }
        if (bytes.length == 0) {
            throw new ParseException(file, "the file is empty (0 bytes); replace it with the complete file", null);
        }
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
