package io.github.raglens.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import java.io.IOException;
import java.io.UncheckedIOException;
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
import java.util.function.Function;

/**
 * The fuzz check of a {@link JsonlStore} of one record type. Each input is one of:
 *
 * <ul>
 *   <li>sessions of appends of fuzzed records, each session possibly followed by the damage a crash
 *       or a stray write leaves (a record torn off at the end, or a torn record with a line break after
 *       it). Every record appended must be read back equal, the latest of each key in the order the
 *       keys first came; a torn end must be cut off on the next open; a torn line in the middle must be
 *       reported and must not stop the lines after it;
 *   <li>a store file of arbitrary bytes: it opens (or is refused with a {@link StoreException} of one
 *       line), and a record appended to it is read back after a reopen, beside the records it held;
 *   <li>a schema file of arbitrary bytes beside the store: it opens, or is refused as above.
 * </ul>
 *
 * @param <T> the record type
 */
public final class StoreRoundTrip<T> {

    private static final int MAX_SESSIONS = 4;
    private static final int MAX_APPENDS = 5;

    private final Class<T> type;
    private final Function<? super T, String> keyOf;
    private final Function<FuzzedDataProvider, T> nextRecord;

    /**
     * A check of stores of one record type.
     *
     * @param type the record type
     * @param keyOf the store's key of a record
     * @param nextRecord a record made from fuzz input, or null when its constructor refused the values
     *     (records validate their fields; a refused record is not the store's business)
     */
    public StoreRoundTrip(
            Class<T> type, Function<? super T, String> keyOf, Function<FuzzedDataProvider, T> nextRecord) {
        this.type = Objects.requireNonNull(type, "type");
        this.keyOf = Objects.requireNonNull(keyOf, "keyOf");
        this.nextRecord = Objects.requireNonNull(nextRecord, "nextRecord");
    }

    /** Runs one input. */
    public void check(FuzzedDataProvider data) {
        Path file = Scratch.emptyFolder().resolve("store.jsonl");
        switch (data.consumeInt(0, 2)) {
            case 0 -> appendsSurviveDamage(data, file);
            case 1 -> arbitraryFileOpens(data, file);
            default -> arbitrarySchemaFile(data, file);
        }
    }

    private void appendsSurviveDamage(FuzzedDataProvider data, Path file) {
        Map<String, T> expected = new LinkedHashMap<>();
        List<Integer> corruptLines = new ArrayList<>();
        int lines = 0;
        long torn = 0;
        int sessions = data.consumeInt(1, MAX_SESSIONS);
        for (int s = 0; s < sessions; s++) {
            try (JsonlStore<T> store = openAfter(file, torn)) {
                int appends = data.consumeInt(0, MAX_APPENDS);
                for (int i = 0; i < appends; i++) {
                    T record = nextRecord(data);
                    if (record != null) {
                        store.append(record);
                        expected.put(keyOf.apply(record), record);
                        lines++;
                    }
                }
            }
            torn = 0;
            int damage = data.consumeInt(0, 2);
            byte[] tornRecord = damage == 0 ? new byte[0] : tornRecord(data);
            if (tornRecord.length > 0 && damage == 1) {
                appendBytes(file, tornRecord);
                torn = tornRecord.length;
            } else if (tornRecord.length > 0) {
                byte[] line = Arrays.copyOf(tornRecord, tornRecord.length + 1);
                line[tornRecord.length] = '\n';
                appendBytes(file, line);
                corruptLines.add(++lines);
            }
        }
        try (JsonlStore<T> store = openAfter(file, torn)) {
            List<T> read = store.records();
            List<T> written = List.copyOf(expected.values());
            if (!read.equals(written)) {
                throw new AssertionError(
                        "finding: records written were not read back;\n written: " + written + "\n read:    " + read);
            }
            if (!store.loadReport().corruptLines().equals(corruptLines)) {
                throw new AssertionError("finding: the store reported lines "
                        + store.loadReport().corruptLines() + " as corrupt; the torn lines were " + corruptLines);
            }
        }
    }

    /** Opens the store, checking that it cut off the record torn at its end, and nothing more. */
    private JsonlStore<T> openAfter(Path file, long torn) {
        JsonlStore<T> store = open(file);
        if (store.loadReport().tornBytesDropped() != torn) {
            store.close();
            throw new AssertionError(
                    "finding: the store cut " + store.loadReport().tornBytesDropped()
                            + " bytes off its end, where a record of " + torn + " bytes was torn");
        }
        return store;
    }

    private void arbitraryFileOpens(FuzzedDataProvider data, Path file) {
        T record = nextRecord(data);
        Scratch.write(file, data.consumeRemainingAsBytes());
        List<T> before = HostileInput.readOrRefuse(StoreException.class, () -> {
                    try (JsonlStore<T> store = open(file)) {
                        if (record != null) {
                            store.append(record);
                        }
                        return store.records();
                    }
                })
                .orElse(null);
        if (before == null) {
            return;
        }
        try (JsonlStore<T> store = open(file)) {
            if (!store.records().equals(before)) {
                throw new AssertionError(
                        "finding: a reopened store read " + store.records() + " where it held " + before);
            }
        }
    }

    private void arbitrarySchemaFile(FuzzedDataProvider data, Path file) {
        Scratch.write(file.resolveSibling(file.getFileName() + ".meta.json"), data.consumeRemainingAsBytes());
        HostileInput.readOrRefuse(StoreException.class, () -> {
            try (JsonlStore<T> store = open(file)) {
                return store.size();
            }
        });
    }

    private JsonlStore<T> open(Path file) {
        return JsonlStore.open(file, type, keyOf);
    }

    private T nextRecord(FuzzedDataProvider data) {
        try {
            return nextRecord.apply(data);
        } catch (IllegalArgumentException | NullPointerException refusedByTheRecord) {
            return null;
        }
    }

    /** The first bytes of a record as the store writes it, cut before its end (maybe mid-character). */
    private byte[] tornRecord(FuzzedDataProvider data) {
        T record = nextRecord(data);
        if (record == null) {
            return new byte[0];
        }
        byte[] json;
        try {
            json = Json.writer().writeValueAsString(record).getBytes(StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Arrays.copyOf(json, data.consumeInt(1, json.length - 1));
    }

    private static void appendBytes(Path file, byte[] bytes) {
        try {
            Files.write(file, bytes, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
