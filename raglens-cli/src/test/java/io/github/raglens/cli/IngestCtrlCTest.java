package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C on a real {@code raglens ingest} process: it stops after the file in hand instead of parsing
 * the whole corpus, writes no chunks, and the rerun finishes from the parse cache.
 */
@DisabledOnOs(OS.WINDOWS)
@Tag("ctrl-c")
class IngestCtrlCTest {

    private static final int FILES = 400;

    @TempDir
    Path dir;

    /** Markdown files of a few hundred sections each, so the corpus takes many seconds to parse. */
    private Path corpus() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        StringBuilder text = new StringBuilder();
        for (int s = 0; s < 300; s++) {
            text.append("## Section ").append(s).append("\n\n");
            text.append("The widget of section ")
                    .append(s)
                    .append(" weighs ")
                    .append(s % 17)
                    .append(" kilograms. ");
            text.append("It ships in a blue box with a manual and a spare part. ".repeat(4))
                    .append("\n\n");
        }
        for (int i = 0; i < FILES; i++) {
            Files.writeString(docs.resolve(String.format("doc-%03d.md", i)), "# Document " + i + "\n\n" + text);
        }
        return docs;
    }

    private static long lines(Path file) throws IOException {
        try (var s = Files.lines(file)) {
            return s.count();
        }
    }

    @Test
    void ctrlC_duringIngest_stopsAfterTheFileInHand_andTheRerunFinishes() throws Exception {
        Path docs = corpus();
        Path ws = dir.resolve("ws");
        Path out = dir.resolve("out.txt");
        Path errFile = dir.resolve("err.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        RaglensCli.class.getName(),
                        "--workspace",
                        ws.toString(),
                        "ingest",
                        "--docs",
                        docs.toString())
                .directory(dir.toFile())
                .redirectOutput(out.toFile())
                .redirectError(errFile.toFile());
        // A background job inherits SIGINT as ignored; SIGTERM then takes the same path (exit 143).
        boolean sigintIgnored = CtrlCTest.sigintIgnoredHere();
        String signal = sigintIgnored ? "TERM" : "INT";
        int expectedExit = sigintIgnored ? 128 + 15 : RaglensCli.EXIT_INTERRUPTED;
        Process p = pb.start();
        long stopNanos;
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (lines(out) < 3 && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            assertThat(lines(out)).as("files parsed before Ctrl-C").isGreaterThanOrEqualTo(3);
            long signalled = System.nanoTime();
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                    .inheritIO()
                    .start()
                    .waitFor();
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("stopped").isTrue();
            stopNanos = System.nanoTime() - signalled;
        } finally {
            p.destroyForcibly();
        }
        String err = Files.readString(errFile);
        assertThat(p.exitValue()).as("SIG%s; stderr: %s", signal, err).isEqualTo(expectedExit);
        assertThat(Duration.ofNanos(stopNanos))
                .as("time from the signal to the exit")
                .isLessThan(Duration.ofSeconds(3));
        assertThat(err).contains("raglens: interrupted; stopping").doesNotContain("Exception");
        assertThat(lines(out)).as("progress lines, one per file parsed").isLessThan(FILES);
        assertThat(ws.resolve("chunks.jsonl")).doesNotExist();

        StringWriter rerunOut = new StringWriter();
        StringWriter rerunErr = new StringWriter();
        int code = RaglensCli.run(
                new String[] {"--workspace", ws.toString(), "--quiet", "ingest", "--docs", docs.toString()},
                new PrintWriter(rerunOut, true),
                new PrintWriter(rerunErr, true));
        assertThat(code).as(rerunErr.toString()).isZero();
        assertThat(rerunOut.toString()).contains("parsed " + FILES + " of " + FILES + " files");
        assertThat(ws.resolve("chunks.jsonl")).exists();
    }
}
