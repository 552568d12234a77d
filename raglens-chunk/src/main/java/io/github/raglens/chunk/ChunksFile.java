package io.github.raglens.chunk;

import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The workspace file {@code chunks.jsonl}: one {@link Chunk} per line in the raglens JSON mapping.
 *
 * <p>Writing replaces the file atomically (a temporary file in the same folder, forced to disk, then
 * moved over the old one), so readers never see a half-written chunk list and a crash leaves the
 * previous file intact.
 */
public final class ChunksFile {

    /** The file's name in a workspace. */
    public static final String FILE_NAME = "chunks.jsonl";

    private ChunksFile() {}

    /**
     * Writes the chunks, replacing the file.
     *
     * @throws StoreException when the file cannot be written; the message names it
     */
    public static void write(Path file, List<Chunk> chunks) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(chunks, "chunks");
        Path dir = file.toAbsolutePath().getParent();
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, FILE_NAME, ".tmp");
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                for (Chunk c : chunks) {
                    w.write(Json.mapper().writeValueAsString(c));
                    w.write('\n');
                }
            }
            try (var channel = java.nio.channels.FileChannel.open(tmp, java.nio.file.StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            deleteQuietly(tmp);
            throw new StoreException(file, "cannot write chunks to " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads the chunks back, in file order.
     *
     * @throws StoreException when the file cannot be read or a line is not a chunk; the message names the
     *     file and line
     */
    public static List<Chunk> read(Path file) {
        Objects.requireNonNull(file, "file");
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new StoreException(file, "cannot read chunks from " + file + ": " + e.getMessage(), e);
        }
        List<Chunk> out = new ArrayList<>(lines.size());
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            try {
                out.add(Json.mapper().readValue(line, Chunk.class));
            } catch (IOException | RuntimeException e) {
                String reason = e.getMessage() == null
                        ? e.getClass().getSimpleName()
                        : e.getMessage().lines().findFirst().orElse("");
                throw new StoreException(
                        file,
                        file + " line " + (i + 1) + " is not a chunk (" + reason
                                + "); re-run raglens ingest to rewrite it",
                        e);
            }
        }
        return out;
    }

    private static void deleteQuietly(Path tmp) {
        if (tmp != null) {
            try {
                Files.deleteIfExists(tmp);
            } catch (IOException ignored) {
                // the write already failed; that error is the one to report
            }
        }
    }
}
