package io.github.raglens.error;

import java.io.Serial;
import java.nio.file.Path;
import java.util.Optional;

/** A search index that cannot be opened, written or queried. */
public class IndexException extends RagLensException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String directory;

    /**
     * Creates an exception.
     *
     * @param directory the index directory, or null for an in-memory index
     * @param message what is wrong and what to do
     * @param cause the underlying failure, may be null
     */
    public IndexException(Path directory, String message, Throwable cause) {
        super(message, cause);
        this.directory = directory == null ? null : directory.toString();
    }

    /** The index directory, empty for an in-memory index. */
    public Optional<String> directory() {
        return Optional.ofNullable(directory);
    }
}
