package io.github.raglens.parse.document;

import io.github.raglens.error.ParseException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** A document's file read whole, and the two refusals every format gives alike: unreadable and empty. */
public final class SourceFile {

    private SourceFile() {}

    /**
     * The file's bytes.
     *
     * @throws ParseException when the file cannot be read or is empty
     */
    public static byte[] read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (IOException e) {
            throw unreadable(file, e);
        }
        if (bytes.length == 0) {
            throw empty(file);
        }
        return bytes;
    }

    /** The refusal of a file that cannot be read. */
    public static ParseException unreadable(Path file, IOException e) {
        return new ParseException(
                file, "cannot read the file (" + e.getMessage() + "); check that it exists and is readable", e);
    }

    /** The refusal of a file of 0 bytes. */
    public static ParseException empty(Path file) {
        return new ParseException(file, "the file is empty (0 bytes); replace it with the complete file", null);
    }
}
