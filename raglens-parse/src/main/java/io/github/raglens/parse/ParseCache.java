package io.github.raglens.parse;

import io.github.raglens.error.ParseException;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Document;
import io.github.raglens.parse.document.DocumentIds;
import io.github.raglens.parse.pdf.PdfParser;
import io.github.raglens.spi.Parser;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Objects;

/**
 * Caches parsed documents as JSON in a folder, keyed by the file's SHA-256 and the parser version, so
 * an unchanged file is not parsed again and a new parser version re-parses everything. Safe for
 * concurrent use: entries are written to a temporary file and moved into place.
 */
public final class ParseCache {

    private final Path directory;

    /**
     * Creates a cache in a folder (created on first write).
     *
     * @param directory the cache folder, for example {@code .raglens/parse-cache}
     */
    public ParseCache(Path directory) {
        this.directory = Objects.requireNonNull(directory, "directory");
    }

    /**
     * Returns the cached document for the file, or parses it and stores the result.
     *
     * @param file the file
     * @param parser the parser to use on a miss
     * @param parserVersion the parser's version (for example {@link PdfParser#VERSION})
     * @throws ParseException when parsing fails (failures are not cached)
     */
    public Document parse(Path file, Parser parser, String parserVersion) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(parser, "parser");
        Objects.requireNonNull(parserVersion, "parserVersion");
        String sha = DocumentIds.sha256(file);
        Path entry = directory.resolve(sha + "-" + parserVersion.replaceAll("[^A-Za-z0-9._-]", "_") + ".json");
        if (Files.isRegularFile(entry)) {
            try {
                Document cached = Json.reader().forType(Document.class).readValue(entry.toFile());
                // the same bytes may sit under another name: id and source follow the file asked for
                return new Document(
                        DocumentIds.id(file, sha),
                        cached.title(),
                        file.toString(),
                        cached.pageCount(),
                        cached.metadata(),
                        cached.root());
            } catch (IOException | RuntimeException e) {
                // an unreadable entry is re-parsed and overwritten
            }
        }
        Document document = parser.parse(file);
        try {
            Files.createDirectories(directory);
            Path tmp = Files.createTempFile(directory, sha, ".tmp");
            Json.writer().writeValue(tmp.toFile(), document);
            try {
                Files.move(tmp, entry, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, entry, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            // the cache is an optimisation: a write failure must not fail the parse
        }
        return document;
    }

    /** The cache folder. */
    public Path directory() {
        return directory;
    }

    @Override
    public String toString() {
        return "ParseCache{" + directory + "}";
    }
}
