package io.github.raglens.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Kills a child JVM that appends to a store at random moments and checks, after each kill, that
 * every record the child reported as forced is there exactly once and nothing partial is returned.
 */
@Tag("kill")
class JsonlStoreKillTest {

    record Rec(String key, String payload, int n) {}

    private static final int ROUNDS = 20;

    @TempDir
    Path dir;

    @Test
    void killedWriter_losesNoForcedRecord_andNeverLeavesAPartialOne() throws Exception {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        System.out.println("JsonlStoreKillTest seed=" + seed + " (rerun with -Draglens.seed=" + seed + ")");
        Random random = new Random(seed);
        Path file = dir.resolve("scores.jsonl");
        List<String> reported = new ArrayList<>();
        int next = 0;
        for (int round = 0; round < ROUNDS; round++) {
            Process child = new ProcessBuilder(
                            ProcessHandle.current().info().command().orElse("java"),
                            "-cp",
                            System.getProperty("java.class.path"),
                            StoreAppender.class.getName(),
                            file.toString(),
                            String.valueOf(next))
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            List<String> lines = new ArrayList<>();
            Thread reader = Thread.ofPlatform().start(() -> {
                try (BufferedReader in =
                        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                    String line;
                    while ((line = in.readLine()) != null) {
                        synchronized (lines) {
                            lines.add(line);
                        }
                    }
                } catch (java.io.IOException e) {
                    // The pipe closes when the child is killed.
                }
            });
            waitForFirstForcedRecord(lines, seed);
            Thread.sleep(random.nextInt(5, 250));
            child.destroyForcibly();
            assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
            reader.join();
            for (String line : lines) {
                if (line.startsWith("forced ")) {
                    reported.add(line.substring("forced ".length()));
                }
            }

            Map<String, Integer> counts = countKeysOnDisk(file);
            try (JsonlStore<Rec> store = JsonlStore.open(file, Rec.class, Rec::key)) {
                assertThat(store.loadReport().corruptLines())
                        .as("seed %d round %d: no corrupt line", seed, round)
                        .isEmpty();
                for (String key : reported) {
                    assertThat(store.contains(key))
                            .as("seed %d round %d: forced record %s survives", seed, round, key)
                            .isTrue();
                    assertThat(counts.get(key))
                            .as("seed %d: %s stored once", seed, key)
                            .isEqualTo(1);
                }
                for (Rec r : store.records()) {
                    assertThat(r.payload()).startsWith("payload é∑ ");
                    assertThat(r.key()).isEqualTo("r" + r.n());
                }
                next = store.records().stream().mapToInt(Rec::n).max().orElse(-1) + 1;
            }
        }
    }

    /**
     * Waits until the child has forced a record, so that every round makes progress however loaded the
     * machine is; the kill then lands at a random moment of the writes that follow.
     */
    private static void waitForFirstForcedRecord(List<String> lines, long seed) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            synchronized (lines) {
                if (lines.stream().anyMatch(line -> line.startsWith("forced "))) {
                    return;
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError("seed " + seed + ": the child forced no record within 60 s");
    }

    /** Counts each key's complete lines in the file as it is on disk after the kill. */
    private static Map<String, Integer> countKeysOnDisk(Path file) throws Exception {
        Map<String, Integer> counts = new HashMap<>();
        String content = Files.readString(file, StandardCharsets.UTF_8);
        int end = content.lastIndexOf('\n');
        if (end < 0) {
            return counts;
        }
        for (String line : content.substring(0, end).split("\n")) {
            int k = line.indexOf("\"key\":\"");
            String key = line.substring(k + 7, line.indexOf('"', k + 7));
            counts.merge(key, 1, Integer::sum);
        }
        return counts;
    }
}
