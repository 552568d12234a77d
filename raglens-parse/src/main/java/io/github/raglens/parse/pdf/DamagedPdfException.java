package io.github.raglens.parse.pdf;

import io.github.raglens.error.ParseException;
import io.github.raglens.parse.FileOutcome;
import java.io.Serial;
import java.nio.file.Path;

/**
 * A PDF whose structure is broken (cut short, or a broken cross-reference table or trailer) and from
 * which no text could be recovered; the file is reported with status {@code damaged}. A damaged PDF
 * from which some pages were recovered is parsed instead, and {@link FileOutcome.Parsed#damage()}
 * says what is missing.
 */
public final class DamagedPdfException extends ParseException {
    @Serial
    private static final long serialVersionUID = 1L;

    /**
     * Creates the exception for a file.
     *
     * @param file the damaged file
     * @param reason what is broken and the remedy
     * @param cause the underlying failure, may be null
     */
    public DamagedPdfException(Path file, String reason, Throwable cause) {
        super(file, reason, cause);
    }
}
