package io.github.raglens.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.StoreException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonlStoreTest {

    record Line(String key, String text, int n) {}

    @TempDir
    Path dir;

    private JsonlStore<Line> open(Path file) {
        return JsonlStore.open(file, Line.class, Line::key);
    }

    @Test
    void append_thenReopen_returnsRecordsInOrder() {
        Path file = dir.resolve("a.jsonl");
        try (JsonlStore<Line> s = open(file)) {
            s.append(new Line("a", "ä ∑ \"x\"\nnext", 1));
            s.append(new Line("b", "", 2));
        }
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.records()).containsExactly(new Line("a", "ä ∑ \"x\"\nnext", 1), new Line("b", "", 2));
            assertThat(s.contains("a")).isTrue();
            assertThat(s.contains("c")).isFalse();
            assertThat(s.loadReport().tornBytesDropped()).isZero();
        }
    }

    @Test
    void deleteIfEmpty_removesAStoreWithoutRecords_withItsLockAndSchemaFiles() throws Exception {
        Path file = dir.resolve("a.jsonl");
        open(file).close();
        assertThat(file.resolveSibling("a.jsonl.lock")).exists();
        assertThat(file.resolveSibling("a.jsonl.meta.json")).exists();

        assertThat(JsonlStore.deleteIfEmpty(file)).isTrue();

        try (var left = Files.list(dir)) {
            assertThat(left).isEmpty();
        }
    }

    @Test
    void deleteIfEmpty_keepsAStoreWithARecord() {
        Path file = dir.resolve("a.jsonl");
        try (JsonlStore<Line> s = open(file)) {
            s.append(new Line("a", "kept", 1));
        }
        assertThat(JsonlStore.deleteIfEmpty(file)).isFalse();
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.records()).containsExactly(new Line("a", "kept", 1));
        }
    }

    @Test
    void sameKeyAppendedTwice_latestWins_keepingFirstPosition() {
        Path file = dir.resolve("a.jsonl");
        try (JsonlStore<Line> s = open(file)) {
            s.append(new Line("a", "failed", 1));
            s.append(new Line("b", "ok", 1));
            s.append(new Line("a", "scored", 2));
        }
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.records()).extracting(Line::text).containsExactly("scored", "ok");
            assertThat(s.get("a")).contains(new Line("a", "scored", 2));
        }
    }

    @Test
    void tornTrailingLine_splitInsideUtf8Sequence_isCutAndNeverParsed() throws Exception {
        Path file = dir.resolve("a.jsonl");
        try (JsonlStore<Line> s = open(file)) {
            s.append(new Line("a", "ok", 1));
        }
        byte[] partial = "{\"key\":\"b\",\"text\":\"é".getBytes(StandardCharsets.UTF_8);
        // Drop the last byte: the write was torn between the two bytes of 'é'.
        Files.write(file, java.util.Arrays.copyOf(partial, partial.length - 1), StandardOpenOption.APPEND);
        long sizeBefore = Files.size(file);

        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.records()).containsExactly(new Line("a", "ok", 1));
            assertThat(s.loadReport().tornBytesDropped()).isEqualTo(partial.length - 1);
            assertThat(Files.size(file)).isEqualTo(sizeBefore - (partial.length - 1));
            s.append(new Line("c", "after", 3));
        }
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.records()).extracting(Line::key).containsExactly("a", "c");
            assertThat(s.loadReport().corruptLines()).isEmpty();
        }
    }

    @Test
    void completeJsonWithoutNewline_isTreatedAsTorn() throws Exception {
        Path file = dir.resolve("a.jsonl");
        Files.writeString(file, "{\"key\":\"a\",\"text\":\"x\",\"n\":1}\n{\"key\":\"b\",\"text\":\"y\",\"n\":2}");
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.records()).extracting(Line::key).containsExactly("a");
        }
    }

    @Test
    void corruptLinesInTheMiddle_areSkippedWithTheirLineNumbers() throws Exception {
        Path file = dir.resolve("a.jsonl");
        byte[] badUtf8 = {'{', '"', 'k', (byte) 0xC3, (byte) 0x28, '}', '\n'};
        try (var out = Files.newOutputStream(file)) {
            out.write("{\"key\":\"a\",\"text\":\"x\",\"n\":1}\n".getBytes(StandardCharsets.UTF_8));
            out.write("{\"key\":\"b\",\"text\":\n".getBytes(StandardCharsets.UTF_8));
            out.write(badUtf8);
            out.write("\n".getBytes(StandardCharsets.UTF_8));
            out.write("{\"key\":\"c\",\"text\":\"z\",\"n\":3}\n".getBytes(StandardCharsets.UTF_8));
        }
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.records()).extracting(Line::key).containsExactly("a", "c");
            assertThat(s.loadReport().corruptLines()).containsExactly(2, 3);
        }
    }

    @Test
    void secondOpenWhileLocked_isRefusedNamingTheHolderPid() {
        Path file = dir.resolve("a.jsonl");
        try (JsonlStore<Line> holder = open(file)) {
            assertThat(holder.size()).isZero();
            assertThatThrownBy(() -> open(file))
                    .isInstanceOf(StoreException.class)
                    .hasMessage(file + " is in use by another raglens process (pid "
                            + ProcessHandle.current().pid()
                            + "); wait for it to finish or stop it, or use another workspace");
        }
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.size()).isZero();
        }
    }

    @Test
    void lockFile_holdsThePidWhileOpen_andIsEmptiedByACleanClose() throws Exception {
        Path file = dir.resolve("a.jsonl");
        Path lock = dir.resolve("a.jsonl.lock");
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.size()).isZero();
            assertThat(Files.readString(lock))
                    .isEqualTo(String.valueOf(ProcessHandle.current().pid()));
        }
        assertThat(Files.readString(lock))
                .as("a clean close leaves no pid, so the next opener does not warn of a crashed owner")
                .isEmpty();
    }

    @Test
    void storeOfANewerSchema_isRefused() {
        Path file = dir.resolve("a.jsonl");
        JsonlStore.builder(file, Line.class, Line::key).schemaVersion(3).open().close();
        assertThatThrownBy(() -> JsonlStore.builder(file, Line.class, Line::key)
                        .schemaVersion(2)
                        .open())
                .isInstanceOf(StoreException.class)
                .hasMessage(file + " was written by a newer raglens (schema version 3, this version reads up to 2);"
                        + " upgrade raglens or use another workspace");
        // An older store is still readable by a newer reader.
        JsonlStore.builder(file, Line.class, Line::key).schemaVersion(4).open().close();
    }

    @Test
    void batchedForce_keepsEveryRecordAfterClose() {
        Path file = dir.resolve("a.jsonl");
        try (JsonlStore<Line> s =
                JsonlStore.builder(file, Line.class, Line::key).forceEvery(100).open()) {
            for (int i = 0; i < 250; i++) {
                s.append(new Line("k" + i, "t", i));
            }
        }
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.size()).isEqualTo(250);
        }
    }

    @Test
    void concurrentAppends_loseNothing() throws Exception {
        Path file = dir.resolve("a.jsonl");
        try (JsonlStore<Line> s =
                JsonlStore.builder(file, Line.class, Line::key).forceEvery(50).open()) {
            List<Thread> threads = new java.util.ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int base = t * 1000;
                threads.add(Thread.ofVirtual().start(() -> {
                    for (int i = 0; i < 200; i++) {
                        s.append(new Line("k" + (base + i), "t", i));
                    }
                }));
            }
            for (Thread th : threads) {
                th.join();
            }
        }
        try (JsonlStore<Line> s = open(file)) {
            assertThat(s.size()).isEqualTo(1600);
            assertThat(s.loadReport().corruptLines()).isEmpty();
        }
    }

    @Test
    void appendAfterClose_isAProgrammingError() {
        JsonlStore<Line> s = open(dir.resolve("a.jsonl"));
        s.close();
        assertThatThrownBy(() -> s.append(new Line("a", "", 0))).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void read_skipsCorruptAndTornLinesAndLeavesTheFileAsItIs() throws Exception {
        Path file = dir.resolve("a.jsonl");
        Files.writeString(file, """
                {"key":"a","text":"first","n":1}
                {not json
                {"key":"b","text":"after the bad line","n":2}
                {"key":"a","text":"latest wins","n":3}
                {"key":"c","te""", StandardCharsets.UTF_8);
        long size = Files.size(file);
        JsonlStore.Snapshot<Line> snapshot = JsonlStore.read(file, Line.class, Line::key);

        assertThat(snapshot.records())
                .containsExactly(new Line("a", "latest wins", 3), new Line("b", "after the bad line", 2));
        assertThat(snapshot.report().corruptLines()).containsExactly(2);
        assertThat(snapshot.report().tornBytesDropped()).isEqualTo("{\"key\":\"c\",\"te".length());
        assertThat(Files.size(file)).as("a reader never truncates").isEqualTo(size);
        assertThat(file.resolveSibling("a.jsonl.lock"))
                .as("a reader takes no lock")
                .doesNotExist();
    }

    @Test
    void read_whileAWriterHoldsTheLock_readsWhatIsThere() {
        Path file = dir.resolve("a.jsonl");
        try (JsonlStore<Line> s = open(file)) {
            s.append(new Line("a", "one", 1));

            assertThat(JsonlStore.read(file, Line.class, Line::key).records()).containsExactly(new Line("a", "one", 1));
        }
    }

    @Test
    void read_aMissingFile_isEmpty() {
        JsonlStore.Snapshot<Line> snapshot = JsonlStore.read(dir.resolve("none.jsonl"), Line.class, Line::key);

        assertThat(snapshot.records()).isEmpty();
        assertThat(snapshot.report().corruptLines()).isEmpty();
        assertThat(dir.resolve("none.jsonl")).doesNotExist();
    }

    @Test
    void open_aSchemaFileThatIsNotJson_saysSoInOneLine() throws Exception {
        Path file = dir.resolve("a.jsonl");
        Path meta = Files.writeString(dir.resolve("a.jsonl.meta.json"), "{\"schemaVersion\": 1,");
        assertThatThrownBy(() -> JsonlStore.open(file, Line.class, Line::key))
                .isInstanceOf(StoreException.class)
                .hasMessage(meta + " is not JSON (Unexpected end-of-input within/between Object entries at line 1,"
                        + " column 21); delete it if " + file + " is yours");
    }
}
