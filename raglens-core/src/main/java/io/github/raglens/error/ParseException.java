package io.github.raglens.error;

import java.io.Serial;
import java.nio.file.Path;
import java.util.Objects;
import java.util.OptionalInt;

/** A file that could not be parsed. */
public class ParseException extends RagLensException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String file;
    private final int page;

    /**
     * Creates an exception for a whole file.
     *
     * @param file the file
     * @param reason what is wrong and, where possible, what to do
     * @param cause the underlying failure, may be null
     */
    public ParseException(Path file, String reason, Throwable cause) {
        this(file, 0, reason, cause);
    }

    /**
     * Creates an exception for one page of a file.
     *
     * @param file the file
     * @param page the 1-based page, or 0 when not known
     * @param reason what is wrong and, where possible, what to do
     * @param cause the underlying failure, may be null
     */
    public ParseException(Path file, int page, String reason, Throwable cause) {
        super(
                "cannot parse " + Objects.requireNonNull(file, "file") + (page > 0 ? " (page " + page + ")" : "") + ": "
                        + reason,
                cause);
        this.file = file.toString();
        this.page = page;
    }

    /** The file that failed, as given. */
    public String file() {
        return file;
    }

    /** The page that failed, when known. */
    public OptionalInt page() {
        return page > 0 ? OptionalInt.of(page) : OptionalInt.empty();
    }
}
