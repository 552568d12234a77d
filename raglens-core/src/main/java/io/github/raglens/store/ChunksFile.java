package io.github.raglens.store;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.ObjectWriter;
import io.github.raglens.error.Remedy;
import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import java.io.BufferedOutputStream;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The workspace's {@code chunks.jsonl}: one {@link Chunk} per line. Written whole by ingest
 * (to a temporary file, then renamed, so readers never see half a corpus) and read by every later
 * stage.
 */
public final class ChunksFile {

    private ChunksFile() {}

    /**
     * Replaces the file with these chunks, atomically.
     *
     * @throws StoreException if the file cannot be written
     */
    public static void write(Path file, List<Chunk> chunks) {
        ObjectWriter writer = Json.writer().forType(Chunk.class);
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            // Jackson's bytes, not a String through a UTF-8 writer: a lone surrogate in a text (a PDF's
            // broken character map can give one) is escaped there, where the writer refused the file
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(tmp))) {
                for (Chunk c : chunks) {
                    out.write(writer.writeValueAsBytes(c));
                    out.write('\n');
                }
            }
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreException(file, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Reads every chunk, in file order.
     *
     * @throws StoreException if the file is missing (naming the command that makes it) or a line is
     *     not a chunk (naming the line)
     */
    public static List<Chunk> read(Path file) {
        List<Chunk> chunks = new ArrayList<>();
        forEach(file, chunks::add);
        return chunks;
    }

    /**
     * The texts of the chunks asked for, by id, reading the file once and keeping only those: a
     * stage that needs a few texts (a question's source passage) does not hold the whole corpus.
     * An id the file lacks is absent from the map.
     *
     * @throws StoreException as {@link #read} does
     */
    public static Map<String, String> texts(Path file, Set<String> ids) {
        Map<String, String> out = new HashMap<>();
        if (!ids.isEmpty()) {
            forEach(file, c -> {
                if (ids.contains(c.id())) {
                    out.put(c.id(), c.text());
                }
            });
        }
        return out;
    }

    /**
     * Hands every chunk to {@code each}, in file order, one line at a time, holding none.
     *
     * @throws StoreException as {@link #read} does
     */
    public static void forEach(Path file, Consumer<Chunk> each) {
        ObjectReader reader = Json.reader().forType(Chunk.class);
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            int number = 0;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                Chunk chunk;
                try {
                    chunk = reader.readValue(line);
                } catch (IOException | RuntimeException e) {
                    throw new StoreException(
                            file,
                            file + " line " + number + " is not a chunk (" + Json.problem(e) + "); "
                                    + Remedy.INGEST.again() + " to rewrite it",
                            e);
                }
                each.accept(chunk);
            }
        } catch (NoSuchFileException e) {
            throw new StoreException(file, "no chunks at " + file + "; " + Remedy.INGEST.first(), e);
        } catch (CharacterCodingException e) {
            throw new StoreException(file, file + " is not UTF-8 text; " + Remedy.INGEST.again() + " to rewrite it", e);
        } catch (IOException e) {
            throw new StoreException(file, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }
}
