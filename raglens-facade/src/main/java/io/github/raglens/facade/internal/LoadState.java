package io.github.raglens.facade.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import io.github.raglens.spi.EmbeddingProvider;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * What an index holds or is being loaded with, as its loader records it in the index: the identity of
 * its vectors (the model's name, dimension and {@linkplain EmbeddingProvider#vectorSettings()
 * settings}, or none), the chunks' content, and whether the load was complete. Only a complete load of
 * the same vectors and chunks is current; a load that stopped is {@code loading}.
 *
 * @param vectors SHA-256 of everything that decides the vectors, or {@code none}
 * @param chunks SHA-256 of the chunks, in order
 * @param complete whether every chunk was loaded
 */
public record LoadState(String vectors, String chunks, boolean complete) {

    private static final String NONE = "none";

    /** The state of a load, not yet complete, of these chunks with these vectors. */
    static LoadState of(List<Chunk> chunks, EmbeddingProvider embeddings) {
        MessageDigest content = sha256();
        for (Chunk c : chunks) {
            try {
                content.update(Json.writer().writeValueAsBytes(c));
            } catch (JsonProcessingException e) {
                throw new IllegalStateException("a chunk cannot be written as JSON", e);
            }
            content.update((byte) '\n');
        }
        String vectors = embeddings == null
                ? NONE
                : hex(sha256(
                        embeddings.modelName() + "\n" + embeddings.dimension() + "\n" + embeddings.vectorSettings()));
        return new LoadState(vectors, HexFormat.of().formatHex(content.digest()), false);
    }

    /** The same load, complete. */
    LoadState completed() {
        return new LoadState(vectors, chunks, true);
    }

    /** Whether an index of this state holds vectors of the same identity as {@code other}'s. */
    boolean sameVectors(LoadState other) {
        return vectors.equals(other.vectors);
    }

    /** The text recorded in the index, e.g. {@code vectors=3fa0… chunks=9c1e… complete}. */
    String text() {
        return "vectors=" + vectors + " chunks=" + chunks + " " + (complete ? "complete" : "loading");
    }

    /** The state of a recorded text; empty for a text of another form. */
    static Optional<LoadState> parse(String text) {
        String[] parts = text.split(" ");
        if (parts.length != 3
                || !parts[0].startsWith("vectors=")
                || !parts[1].startsWith("chunks=")
                || !(parts[2].equals("complete") || parts[2].equals("loading"))) {
            return Optional.empty();
        }
        return Optional.of(new LoadState(
                parts[0].substring("vectors=".length()),
                parts[1].substring("chunks=".length()),
                parts[2].equals("complete")));
    }

    private static String hex(MessageDigest digest) {
        return HexFormat.of().formatHex(digest.digest());
    }

    private static MessageDigest sha256(String text) {
        MessageDigest md = sha256();
        md.update(text.getBytes(StandardCharsets.UTF_8));
        return md;
    }

    private static MessageDigest sha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
