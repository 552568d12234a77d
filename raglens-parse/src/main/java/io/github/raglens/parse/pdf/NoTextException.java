package io.github.raglens.parse.pdf;

import io.github.raglens.error.ParseException;
import java.io.Serial;
import java.nio.file.Path;

/**
 * A PDF that opens but has no text that raglens can read: no text layer and no scanned page for OCR,
 * or scanned pages that OCR cannot read here (its language data missing); the file is reported with
 * status {@code no-text} rather than as a failure.
 */
public final class NoTextException extends ParseException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** The reason given for every file without a text layer. */
    public static final String REASON = "no text layer, and no page is a scanned image for OCR to read";

    /**
     * Creates the exception for a file.
     *
     * @param file the file without a text layer
     */
    public NoTextException(Path file) {
        super(file, REASON, null);
    }

    /**
     * Creates the exception for a file with the reason OCR could not read it.
     *
     * @param file the file without a text layer
     * @param reason why, and how to fix it
     */
    public NoTextException(Path file, String reason) {
        super(file, reason, null);
    }
}
