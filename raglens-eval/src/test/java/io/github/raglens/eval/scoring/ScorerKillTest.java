package io.github.raglens.eval.scoring;

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
 * Kills a scoring process (SIGKILL) at random moments 10 times, restarts it until it finishes, and
 * checks that the final scores equal an uninterrupted run's and that the fake server completed no
 * request twice except the ones in flight at a kill.
 */
@Tag("kill")
class ScorerKillTest {

    private static final int KILLS = 10;
    private static final int CONCURRENCY = 8;
    /** The longest a child runs before it is killed. */
    private static final int MAX_KILL_DELAY_MS = 600;
    /**
     * The simulated judge's latency. The child sends about 920 calls, 8 at a time, so an uninterrupted
     * run scores for about 920 × 100 / 8 ms ≈ 11.5 s of wall time whatever the CPU: more than the
     * 10 × 600 ms the killed runs get, so every kill lands before the work is done. (At 4 ms the work
     * took under a second and a fast machine could finish it before the tenth kill.)
     */
    private static final int JUDGE_LATENCY_MS = 100;

    @TempDir
    Path dir;

    @Test
    void killedTenTimes_finalScoresEqualAnUninterruptedRun_andNoCompletedRequestIsSentAgain() throws Exception {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        System.out.println("ScorerKillTest seed=" + seed + " (rerun with -Draglens.seed=" + seed + ")");
        Random random = new Random(seed);
        Path ws = dir.resolve("killed");
        Path log = dir.resolve("server-killed.log");
        int kills = 0;
        int runs = 0;
        while (true) {
            runs++;
            Process child = start(ws, log, JUDGE_LATENCY_MS);
            List<String> out = new ArrayList<>();
            Thread reader = pipe(child, out);
            if (kills < KILLS) {
                waitFor(out, "started", seed);
                Thread.sleep(random.nextInt(20, MAX_KILL_DELAY_MS));
                if (child.isAlive()) {
                    child.destroyForcibly();
                    kills++;
                }
            }
            assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
            reader.join();
            synchronized (out) {
                if (out.stream().anyMatch(l -> l.startsWith("done "))) {
                    if (kills >= KILLS) {
                        break;
                    }
                }
            }
            assertThat(runs).as("seed %d: finishes", seed).isLessThan(40);
        }
        // The uninterrupted run only gives the expected scores and requests, which the judge's latency
        // does not change: without it, it takes a second where it took the killed runs' 11 s.
        Path clean = dir.resolve("clean");
        Path cleanLog = dir.resolve("server-clean.log");
        Process child = start(clean, cleanLog, 0);
        List<String> out = new ArrayList<>();
        Thread reader = pipe(child, out);
        assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
        reader.join();

        Map<String, String> killed = scores(ws);
        Map<String, String> uninterrupted = scores(clean);
        assertThat(uninterrupted).hasSize(20 * 5 * 4);
        assertThat(killed)
                .as("seed %d: same scores as an uninterrupted run", seed)
                .isEqualTo(uninterrupted);

        Map<String, Integer> sent = counts(log);
        Map<String, Integer> sentClean = counts(cleanLog);
        assertThat(sent.keySet()).isEqualTo(sentClean.keySet());
        int repeated = sent.values().stream().mapToInt(n -> n - 1).sum();
        System.out.println("ScorerKillTest: " + kills + " kills, " + runs + " runs, "
                + sent.values().stream().mapToInt(Integer::intValue).sum() + " requests completed by the server, "
                + repeated + " of them again after a kill (in flight), " + sentClean.size() + " distinct");
        assertThat(repeated)
                .as("seed %d: only requests in flight at a kill are sent again", seed)
                .isLessThanOrEqualTo(kills * CONCURRENCY);
    }

    private static Process start(Path ws, Path log, int judgeLatencyMs) throws Exception {
        return new ProcessBuilder(
                        ProcessHandle.current().info().command().orElse("java"),
                        "-cp",
                        System.getProperty("java.class.path"),
                        ScoringChild.class.getName(),
                        ws.toString(),
                        log.toString(),
                        Integer.toString(judgeLatencyMs))
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
    }

    private static Thread pipe(Process child, List<String> lines) {
        return Thread.ofPlatform().start(() -> {
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
    }

    private static void waitFor(List<String> lines, String what, long seed) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            synchronized (lines) {
                if (lines.contains(what)) {
                    return;
                }
            }
            Thread.sleep(5);
        }
        throw new AssertionError("seed " + seed + ": child did not start within 60 s");
    }

    private static Map<String, String> scores(Path ws) {
        Map<String, String> out = new HashMap<>();
        for (ScoreRecord r : Scorer.read(ws.resolve("scores.jsonl"))) {
            out.put(r.key(), r.status() + " " + r.score());
        }
        return out;
    }

    private static Map<String, Integer> counts(Path log) throws Exception {
        Map<String, Integer> out = new HashMap<>();
        if (!Files.exists(log)) {
            return out;
        }
        for (String line : Files.readAllLines(log, StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                out.merge(line, 1, Integer::sum);
            }
        }
        return out;
    }
}
