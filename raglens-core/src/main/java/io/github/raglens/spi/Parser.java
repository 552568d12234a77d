package io.github.raglens.spi;

import io.github.raglens.model.Document;
import java.nio.file.Path;

/**
 * Turns one file into a structured {@link Document}.
 *
 * <p>Implementations must be thread-safe: a corpus is parsed file by file on several threads.
 */
@FunctionalInterface
public interface Parser {

    /**
     * Parses one file.
     *
     * @param file the file to read
     * @return the document with its section tree
     * @throws io.github.raglens.error.ParseException when the file cannot be read or parsed; the
     *     message names the file and, where known, the page
     */
    Document parse(Path file);
}
