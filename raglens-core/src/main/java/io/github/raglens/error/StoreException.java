package io.github.raglens.error;

import java.io.Serial;
import java.nio.file.Path;

/** A workspace file (a JSONL store) that cannot be opened or written. */
public class StoreException extends RagLensException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String file;

    /**
     * Creates an exception.
     *
     * @param file the store's file
     * @param message what is wrong and what to do
     * @param cause the underlying failure, may be null
     */
    public StoreException(Path file, String message, Throwable cause) {
        super(message, cause);
        this.file = file.toString();
    }

    /** The store's file. */
    public String file() {
        return file;
    }
}
