package io.github.raglens.internal;

import com.fasterxml.jackson.databind.ObjectReader;
import io.github.raglens.error.StoreException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.BiConsumer;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An append-only file of JSON records, one per line, that survives crashes.
 *
 * <p>Every record has a key; when a key is appended again (a failed cell scored on a later run) the
 * latest record wins. After {@link #open}, {@link #contains} answers in O(1), so a resumed stage
 * skips what is done.
 *
 * <p>Durability: by default each {@link #append} returns only after the record and its newline are
 * forced to disk, so a record reported as appended survives a crash of the process or the machine.
 * With {@link Builder#forceEvery(int)} records are forced in batches, and durable after the batch
 * fills or after {@link #flush()} or {@link #close()}.
 *
 * <p>Recovery on open: a trailing line without its newline (a write torn by a crash, possibly in the
 * middle of a UTF-8 sequence) is cut off and logged; it is never parsed as a record. A corrupt line
 * in the middle is logged with its line number and skipped. Neither stops the store from opening.
 *
 * <p>Exclusivity: a lock file ({@code <file>.lock}, holding the owner's pid) stops a second process
 * from writing the same store. The lock is an operating-system lock, so the lock of a process that
 * died is taken over by the next opener.
 *
 * <p>Versioning: the schema version is kept in {@code <file>.meta.json}; a store written with a newer
 * version than the caller's is refused.
 *
 * <p>Thread-safe: appends from several threads are serialised; reads never block on writes.
 *
 * @param <T> the record type, mapped with the raglens JSON mapping
 */
public final class JsonlStore<T> implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(JsonlStore.class);
    private static final byte NEWLINE = '\n';

    private final Path file;
    private final Function<? super T, String> keyOf;
    private final int forceEvery;
    private final StoreLock lock;
    private final FileChannel channel;
    private final Map<String, T> byKey = new ConcurrentHashMap<>();
    private final List<String> keyOrder = new ArrayList<>();
    private final LoadReport loadReport;
    private long size;
    private int unforced;
    private boolean closed;

    private JsonlStore(Builder<T> b) {
        this.file = b.file;
        this.keyOf = b.keyOf;
        this.forceEvery = b.forceEvery;
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
        } catch (IOException e) {
            throw new StoreException(file, "cannot create the folder of " + file + ": " + e.getMessage(), e);
        }
        StoreMeta.checkOrWrite(file, b.type.getName(), b.schemaVersion);
        this.lock = StoreLock.acquire(file);
        FileChannel ch = null;
        try {
            ch = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
            this.loadReport = load(ch, Json.reader().forType(b.type));
            this.size = ch.size();
            this.channel = ch;
        } catch (IOException | RuntimeException e) {
            closeQuietly(ch);
            lock.release();
            if (e instanceof StoreException se) {
                throw se;
            }
            throw new StoreException(file, "cannot open " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Opens (creating if needed) a store that forces every record to disk, with schema version 1.
     *
     * @param file the JSONL file
     * @param type the record type
     * @param keyOf the key of a record
     * @param <T> the record type
     * @return the open store; close it to release its lock
     * @throws StoreException if the file is locked by another process, was written by a newer version,
     *     or cannot be read
     */
    public static <T> JsonlStore<T> open(Path file, Class<T> type, Function<? super T, String> keyOf) {
        return builder(file, type, keyOf).open();
    }

    /**
     * Deletes a store that holds no byte, with its lock and schema files, so a run that failed before
     * its first record leaves nothing behind. A store with records is left as it is. Call it only after
     * the store is closed, and only for a store this process created: another process could open it in
     * between.
     *
     * @return whether the store was deleted
     * @throws StoreException if the files cannot be deleted
     */
    public static boolean deleteIfEmpty(Path file) {
        try {
            if (!Files.isRegularFile(file) || Files.size(file) > 0) {
                return false;
            }
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".meta.json"));
            Files.deleteIfExists(file.resolveSibling(file.getFileName() + ".lock"));
            Files.delete(file);
            return true;
        } catch (IOException e) {
            throw new StoreException(file, "cannot delete the empty store " + file + ": " + e.getMessage(), e);
        }
    }

    /** Starts configuring a store. */
    public static <T> Builder<T> builder(Path file, Class<T> type, Function<? super T, String> keyOf) {
        return new Builder<>(file, type, keyOf);
    }

    /** The file behind this store. */
    public Path file() {
        return file;
    }

    /** What recovery did when the store was opened. */
    public LoadReport loadReport() {
        return loadReport;
    }

    /** Whether a record with this key is stored. O(1). */
    public boolean contains(String key) {
        return byKey.containsKey(key);
    }

    /** The latest record with this key. */
    public Optional<T> get(String key) {
        return Optional.ofNullable(byKey.get(key));
    }

    /** The number of distinct keys. */
    public int size() {
        return byKey.size();
    }

    /** The latest record of every key, in the order the keys first appeared. */
    public synchronized List<T> records() {
        List<T> out = new ArrayList<>(keyOrder.size());
        for (String k : keyOrder) {
            out.add(byKey.get(k));
        }
        return out;
    }

    /**
     * Appends a record. With the default policy the record is on disk when this returns.
     *
     * @param record the record
     * @throws StoreException if the write fails; the file is left without a partial line
     */
    public synchronized void append(T record) {
        Objects.requireNonNull(record, "record");
        if (closed) {
            throw new IllegalStateException("store " + file + " is closed");
        }
        String key = Objects.requireNonNull(keyOf.apply(record), "key of record");
        byte[] json;
        try {
            json = Json.writer().writeValueAsBytes(record);
        } catch (IOException e) {
            throw new StoreException(file, "cannot write a record to " + file + ": " + e.getMessage(), e);
        }
        ByteBuffer buf =
                ByteBuffer.allocate(json.length + 1).put(json).put(NEWLINE).flip();
        long start = size;
        try {
            long pos = start;
            while (buf.hasRemaining()) {
                pos += channel.write(buf, pos);
            }
            size = pos;
            if (++unforced >= forceEvery) {
                channel.force(false);
                unforced = 0;
            }
        } catch (IOException e) {
            size = start;
            try {
                channel.truncate(start);
            } catch (IOException suppressed) {
                e.addSuppressed(suppressed);
            }
            throw new StoreException(file, "cannot append to " + file + ": " + e.getMessage(), e);
        }
        if (byKey.put(key, record) == null) {
            keyOrder.add(key);
        }
    }

    /** Forces every appended record to disk. */
    public synchronized void flush() {
        if (closed || unforced == 0) {
            return;
        }
        try {
            channel.force(false);
            unforced = 0;
        } catch (IOException e) {
            throw new StoreException(file, "cannot flush " + file + ": " + e.getMessage(), e);
        }
    }

    /** Forces what is pending, closes the file and releases the lock. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        try {
            flush();
        } finally {
            closed = true;
            closeQuietly(channel);
            lock.release();
        }
    }

    private LoadReport load(FileChannel ch, ObjectReader reader) throws IOException {
        Scan<T> scan = scan(file, Channels.newInputStream(ch.position(0)), reader, keyOf, (key, record) -> {
            if (byKey.put(key, record) == null) {
                keyOrder.add(key);
            }
        });
        long torn = ch.size() - scan.committedEnd();
        if (torn > 0) {
            ch.truncate(scan.committedEnd());
            ch.force(true);
            LOG.warn("{}: cut off an incomplete last line of {} bytes left by an interrupted write", file, torn);
        }
        return new LoadReport(byKey.size(), torn, scan.corrupt());
    }

    /**
     * Reads a store's records without opening it: no lock is taken and nothing is written, so a reader
     * (a report, a web page) can read while another process appends. Recovery is as on {@link #open}
     * but leaves the file as it is: a last line without its newline (a write in progress, or torn by a
     * crash) is left out and counted in {@link LoadReport#tornBytesDropped()}, a corrupt line is skipped
     * and named, and neither stops the lines after it from being read. The latest record of a key wins.
     *
     * @param file the JSONL file; a missing file reads as empty
     * @param type the record type
     * @param keyOf the key of a record
     * @param <T> the record type
     * @return the latest record of every key in the order the keys first appeared, and what was skipped
     * @throws StoreException if the file exists but cannot be read
     */
    public static <T> Snapshot<T> read(Path file, Class<T> type, Function<? super T, String> keyOf) {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(type, "type");
        Objects.requireNonNull(keyOf, "keyOf");
        if (!Files.exists(file)) {
            return new Snapshot<>(List.of(), new LoadReport(0, 0, List.of()));
        }
        Map<String, T> latest = new LinkedHashMap<>();
        try (InputStream in = Files.newInputStream(file)) {
            Scan<T> scan = scan(file, in, Json.reader().forType(type), keyOf, latest::put);
            long torn = Files.size(file) - scan.committedEnd();
            return new Snapshot<>(
                    List.copyOf(latest.values()), new LoadReport(latest.size(), Math.max(0, torn), scan.corrupt()));
        } catch (IOException e) {
            throw new StoreException(file, "cannot read " + file + ": " + e.getMessage(), e);
        }
    }

    /**
     * Parses every complete line of a store, handing each valid record and its key to {@code sink}.
     *
     * @return where the last complete line ends, and the numbers of the corrupt lines
     */
    private static <T> Scan<T> scan(
            Path file,
            InputStream in,
            ObjectReader reader,
            Function<? super T, String> keyOf,
            BiConsumer<String, T> sink)
            throws IOException {
        CharsetDecoder utf8 = StandardCharsets.UTF_8
                .newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT);
        List<Integer> corrupt = new ArrayList<>();
        LineBuffer line = new LineBuffer();
        long committedEnd = 0;
        long offset = 0;
        int lineNumber = 0;
        byte[] chunk = new byte[1 << 16];
        int n;
        while ((n = in.read(chunk)) > 0) {
            for (int i = 0; i < n; i++) {
                byte b = chunk[i];
                offset++;
                if (b != NEWLINE) {
                    line.add(b);
                    continue;
                }
                lineNumber++;
                committedEnd = offset;
                if (!line.isBlank() && !accept(line, reader, keyOf, utf8, sink)) {
                    corrupt.add(lineNumber);
                    LOG.warn("{}: line {} is not a valid record and is skipped", file, lineNumber);
                }
                line.clear();
            }
        }
        return new Scan<>(committedEnd, corrupt);
    }

    private record Scan<T>(long committedEnd, List<Integer> corrupt) {}

    private static <T> boolean accept(
            LineBuffer line,
            ObjectReader reader,
            Function<? super T, String> keyOf,
            CharsetDecoder utf8,
            BiConsumer<String, T> sink) {
        try {
            utf8.reset().decode(line.asBuffer());
            T record = reader.readValue(line.bytes(), 0, line.length());
            if (record == null) {
                return false;
            }
            String key = keyOf.apply(record);
            if (key == null) {
                return false;
            }
            sink.accept(key, record);
            return true;
        } catch (IOException | RuntimeException e) {
            // Malformed UTF-8 (CharacterCodingException), invalid JSON, or a record its type rejects.
            return false;
        }
    }

    private static void closeQuietly(FileChannel ch) {
        if (ch == null) {
            return;
        }
        try {
            ch.close();
        } catch (IOException e) {
            LOG.debug("closing a store channel failed", e);
        }
    }

    /**
     * What recovery found when a store was opened.
     *
     * @param records distinct keys loaded
     * @param tornBytesDropped bytes of an incomplete last line that were cut off, 0 when none
     * @param corruptLines 1-based numbers of lines that were skipped as corrupt
     */
    public record LoadReport(int records, long tornBytesDropped, List<Integer> corruptLines) {
        /** Copies the line numbers. */
        public LoadReport {
            corruptLines = List.copyOf(corruptLines);
        }
    }

    /**
     * The records of a store read without opening it ({@link #read}).
     *
     * @param records the latest record of every key, in the order the keys first appeared
     * @param report what was skipped: corrupt lines by number, and the bytes of a last line without
     *     its newline
     * @param <T> the record type
     */
    public record Snapshot<T>(List<T> records, LoadReport report) {
        /** Copies the records. */
        public Snapshot {
            records = List.copyOf(records);
            Objects.requireNonNull(report, "report");
        }
    }

    /**
     * Configures and opens a {@link JsonlStore}; not thread-safe.
     *
     * @param <T> the record type
     */
    public static final class Builder<T> {
        private final Path file;
        private final Class<T> type;
        private final Function<? super T, String> keyOf;
        private int forceEvery = 1;
        private int schemaVersion = 1;

        private Builder(Path file, Class<T> type, Function<? super T, String> keyOf) {
            this.file = Objects.requireNonNull(file, "file");
            this.type = Objects.requireNonNull(type, "type");
            this.keyOf = Objects.requireNonNull(keyOf, "keyOf");
        }

        /**
         * Forces records to disk in batches of {@code n} instead of one by one (default 1).
         *
         * @throws IllegalArgumentException if {@code n < 1}
         */
        public Builder<T> forceEvery(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("forceEvery must be >= 1, was " + n);
            }
            this.forceEvery = n;
            return this;
        }

        /**
         * The schema version of the records this caller writes (default 1). A store written with a
         * newer version is refused.
         *
         * @throws IllegalArgumentException if {@code version < 1}
         */
        public Builder<T> schemaVersion(int version) {
            if (version < 1) {
                throw new IllegalArgumentException("schemaVersion must be >= 1, was " + version);
            }
            this.schemaVersion = version;
            return this;
        }

        /** Opens the store; see {@link JsonlStore#open}. */
        public JsonlStore<T> open() {
            return new JsonlStore<>(this);
        }
    }

    /** A growable byte array holding one line. */
    private static final class LineBuffer {
        private byte[] bytes = new byte[256];
        private int length;

        void add(byte b) {
            if (length == bytes.length) {
                bytes = Arrays.copyOf(bytes, bytes.length * 2);
            }
            bytes[length++] = b;
        }

        boolean isBlank() {
            for (int i = 0; i < length; i++) {
                if (!Character.isWhitespace(bytes[i])) {
                    return false;
                }
            }
            return true;
        }

        ByteBuffer asBuffer() {
            return ByteBuffer.wrap(bytes, 0, length);
        }

        byte[] bytes() {
            return bytes;
        }

        int length() {
            return length;
        }

        void clear() {
            length = 0;
        }
    }
}
