package io.github.raglens.onnx;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Rewritten ONNX graphs kept on disk, so that a model's graph is rewritten once per machine rather
 * than on every start: a rewrite parses and re-encodes the whole protobuf, seconds for the 34 MB of
 * bge-small.
 *
 * <p>An entry is named by the SHA-256 of the source graph's bytes and the chain of rewrites that made
 * it (each rewrite's version, so a changed rewrite never reads an old result). A rewrite that left
 * the graph as it was is stored as a marker without payload. Every file starts with a header holding
 * its payload's length and SHA-256: a file that is truncated, altered or of another format is
 * detected on read, deleted and rebuilt. Files are written to a temporary file in the same folder
 * and moved into place atomically, so another process never reads half a file.
 *
 * <p>A folder that cannot be created or written costs only the speed: the rewrite runs and its result
 * is used. Thread-safe.
 */
final class GraphCache {

    private static final Logger log = LoggerFactory.getLogger(GraphCache.class);

    private static final byte[] MAGIC = "raglens-onnx-graph\n".getBytes(StandardCharsets.US_ASCII);
    private static final int FORMAT = 1;
    private static final byte REWRITTEN = 1;
    private static final byte UNCHANGED = 2;
    private static final int DIGEST_BYTES = 32;
    /** Magic, format, kind, payload length, payload SHA-256. */
    private static final int HEADER = MAGIC.length + Integer.BYTES + 1 + Long.BYTES + DIGEST_BYTES;

    private static final GraphCache NONE = new GraphCache(null);

    private final Path dir;

    private GraphCache(Path dir) {
        this.dir = dir;
    }

    /** A cache in the given folder, created when first written. */
    static GraphCache in(Path dir) {
        return new GraphCache(Objects.requireNonNull(dir, "dir"));
    }

    /** No cache: every rewrite runs. */
    static GraphCache none() {
        return NONE;
    }

    /**
     * The user's cache: {@code $RAGLENS_CACHE_DIR/onnx-graphs}, else {@code
     * $XDG_CACHE_HOME/raglens/onnx-graphs}, else {@code ~/.cache/raglens/onnx-graphs}.
     */
    static GraphCache userDefault() {
        String raglens = System.getenv("RAGLENS_CACHE_DIR");
        if (raglens != null && !raglens.isBlank()) {
            return in(Path.of(raglens, "onnx-graphs"));
        }
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path base = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return in(base.resolve("raglens").resolve("onnx-graphs"));
    }

    /** The folder, or null when nothing is cached. */
    Path dir() {
        return dir;
    }

    /** The key of a source graph: the hex SHA-256 of its bytes. */
    static String keyOf(byte[] sourceGraph) {
        return HexFormat.of().formatHex(sha256(sourceGraph));
    }

    /**
     * The result of a rewrite: read from the cache when an intact entry exists (without asking for
     * the input when the entry holds a rewritten graph), else computed and stored.
     *
     * @param sourceKey the {@link #keyOf key} of the source graph the input was made from
     * @param chain the versions of every rewrite applied to the source up to and including this one,
     *     e.g. {@code "unpadded-1+cls-only-1"}; letters, digits, '-', '+' and '.' only
     * @param input the graph to rewrite, asked for only when needed
     * @param rewrite the rewrite; returns its argument itself when it leaves the graph as it is
     * @return the rewritten graph, or empty when the rewrite leaves the input as it is
     */
    Optional<byte[]> rewrite(String sourceKey, String chain, Supplier<byte[]> input, UnaryOperator<byte[]> rewrite) {
        if (!chain.matches("[A-Za-z0-9.+-]+")) {
            throw new IllegalArgumentException("chain must be letters, digits, '.', '+' or '-', was '" + chain + "'");
        }
        if (dir == null) {
            return changed(input.get(), rewrite);
        }
        Path file = dir.resolve(sourceKey + "." + chain + ".graph");
        Cached cached = read(file);
        if (cached != null) {
            log.debug("ONNX graph rewrite {} read from {}", chain, file);
            return cached.unchanged() ? Optional.empty() : Optional.of(cached.graph());
        }
        Optional<byte[]> out = changed(input.get(), rewrite);
        write(file, out.orElse(null));
        return out;
    }

    private static Optional<byte[]> changed(byte[] in, UnaryOperator<byte[]> rewrite) {
        byte[] out = rewrite.apply(in);
        return out == in ? Optional.empty() : Optional.of(out);
    }

    /** An intact entry: the rewritten graph, or the marker that the rewrite changed nothing. */
    private record Cached(byte[] graph, boolean unchanged) {}

    /** The entry in the file; null when absent or unusable (an unusable file is deleted). */
    private static Cached read(Path file) {
        try (FileChannel ch = FileChannel.open(file, StandardOpenOption.READ)) {
            long size = ch.size();
            ByteBuffer header = ByteBuffer.allocate(HEADER);
            if (size < HEADER || !readFully(ch, header, 0)) {
                return corrupt(file, "shorter than its header");
            }
            header.flip();
            byte[] magic = new byte[MAGIC.length];
            header.get(magic);
            int format = header.getInt();
            byte kind = header.get();
            long length = header.getLong();
            byte[] digest = new byte[DIGEST_BYTES];
            header.get(digest);
            if (!Arrays.equals(magic, MAGIC) || format != FORMAT || (kind != REWRITTEN && kind != UNCHANGED)) {
                return corrupt(file, "not a cached graph of this version");
            }
            if (length != size - HEADER || length > Integer.MAX_VALUE - 16) {
                return corrupt(file, "its length does not match its header");
            }
            byte[] payload = new byte[(int) length];
            if (!readFully(ch, ByteBuffer.wrap(payload), HEADER)) {
                return corrupt(file, "truncated");
            }
            if (!MessageDigest.isEqual(digest, sha256(payload))) {
                return corrupt(file, "its content does not match its checksum");
            }
            if (kind == UNCHANGED && length != 0) {
                return corrupt(file, "a marker with content");
            }
            return new Cached(payload, kind == UNCHANGED);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            log.debug("cannot read the cached ONNX graph {}; rewriting", file, e);
            return null;
        }
    }

    private static boolean readFully(FileChannel ch, ByteBuffer into, long position) throws IOException {
        long pos = position;
        while (into.hasRemaining()) {
            int n = ch.read(into, pos);
            if (n < 0) {
                return false;
            }
            pos += n;
        }
        return true;
    }

    private static Cached corrupt(Path file, String why) {
        log.warn("cached ONNX graph {} is unusable ({}); it is deleted and rebuilt", file, why);
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            log.debug("cannot delete {}", file, e);
        }
        return null;
    }

    /** Stores the graph (null: the unchanged marker) atomically; a failure is logged and ignored. */
    private void write(Path file, byte[] graph) {
        byte[] payload = graph == null ? new byte[0] : graph;
        Path tmp = null;
        try {
            Files.createDirectories(dir);
            tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
            ByteBuffer header = ByteBuffer.allocate(HEADER)
                    .put(MAGIC)
                    .putInt(FORMAT)
                    .put(graph == null ? UNCHANGED : REWRITTEN)
                    .putLong(payload.length)
                    .put(sha256(payload))
                    .flip();
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.WRITE)) {
                ByteBuffer body = ByteBuffer.wrap(payload);
                while (header.hasRemaining() || body.hasRemaining()) {
                    ch.write(new ByteBuffer[] {header, body});
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            log.debug("ONNX graph rewrite cached in {}", file);
        } catch (IOException | RuntimeException e) {
            log.debug("cannot cache the rewritten ONNX graph in {}; it is rewritten on the next start", dir, e);
            if (tmp != null) {
                try {
                    Files.deleteIfExists(tmp);
                } catch (IOException suppressed) {
                    log.debug("cannot delete {}", tmp, suppressed);
                }
            }
        }
    }

    private static byte[] sha256(byte[] bytes) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(bytes);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    @Override
    public String toString() {
        return dir == null ? "none" : dir.toString();
    }
}
