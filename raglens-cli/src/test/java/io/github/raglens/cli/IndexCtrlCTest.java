package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C on a real {@code raglens index} process: it stops between committed slices of 128 chunks
 * (exit 130, within the stop grace, without the "did not stop" line), and the rerun embeds only what
 * is missing, saying how many chunks it reused. The signal goes as soon as the index's last commit
 * holds a slice, read from the index folder as another process may: waiting for a progress line
 * instead (one every 10 s without a terminal) made the corpus three times larger than a stop needs.
 */
@DisabledOnOs(OS.WINDOWS)
@Tag("ctrl-c")
class IndexCtrlCTest {

    private static final int FILES = 30;
    private static final int SECTIONS = 100;
    private static final int SLICE = 128;
    private static final Pattern REUSED =
            Pattern.compile("index \\S+: ([\\d,]+) chunks \\(indexed in \\d+ s, (\\d+) reused from the stopped run\\)");

    @TempDir
    Path dir;

    /**
     * Many short sections, one small chunk each: 3,000 chunks, 24 slices, about 6 s of embedding at 460
     * chunks a second on an idle machine, where the signal follows the first slice's commit.
     */
    private Path corpus() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        for (int f = 0; f < FILES; f++) {
            StringBuilder text = new StringBuilder("# Catalogue " + f + "\n\n");
            for (int s = 0; s < SECTIONS; s++) {
                text.append("## Widget ").append(f).append('-').append(s).append("\n\n");
                text.append("Widget ")
                        .append(f)
                        .append('-')
                        .append(s)
                        .append(" weighs ")
                        .append((f * SECTIONS + s) % 97)
                        .append(" grams and ships in a blue box.\n\n");
            }
            Files.writeString(docs.resolve(String.format("cat-%02d.md", f)), text);
        }
        return docs;
    }

    private static String read(Path file) throws IOException {
        return Files.exists(file) ? Files.readString(file) : "";
    }

    /** The chunks in the index's last commit: 0 while it has none. */
    private static int committed(Path index) throws IOException {
        if (!Files.isDirectory(index)) {
            return 0;
        }
        try (Directory directory = FSDirectory.open(index)) {
            if (!DirectoryReader.indexExists(directory)) {
                return 0;
            }
            try (DirectoryReader reader = DirectoryReader.open(directory)) {
                return reader.numDocs();
            }
        }
    }

    @Test
    void ctrlC_duringIndex_stopsBetweenSlices_andTheRerunReusesTheCommittedEmbeddings() throws Exception {
        Path docs = corpus();
        Path ws = dir.resolve("ws");
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        assertThat(RaglensCli.run(
                        new String[] {"--workspace", ws.toString(), "--quiet", "ingest", "--docs", docs.toString()},
                        new PrintWriter(out, true),
                        new PrintWriter(err, true)))
                .as(err.toString())
                .isZero();

        Path childOut = dir.resolve("out.txt");
        Path childErr = dir.resolve("err.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        RaglensCli.class.getName(),
                        "--workspace",
                        ws.toString(),
                        "index",
                        "--embedding-model",
                        "all-MiniLM-L6-v2")
                .directory(dir.toFile())
                .redirectOutput(childOut.toFile())
                .redirectError(childErr.toFile());
        boolean sigintIgnored = CtrlCTest.sigintIgnoredHere();
        String signal = sigintIgnored ? "TERM" : "INT";
        int expectedExit = sigintIgnored ? 128 + 15 : RaglensCli.EXIT_INTERRUPTED;
        Process p = pb.start();
        long stopNanos;
        int committedBefore;
        try {
            Path index = ws.resolve("index");
            long deadline = System.nanoTime() + Duration.ofSeconds(240).toNanos();
            while (committed(index) < SLICE && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(20);
            }
            committedBefore = committed(index);
            assertThat(committedBefore)
                    .as("chunks committed before Ctrl-C; stdout: %s stderr: %s", read(childOut), read(childErr))
                    .isGreaterThanOrEqualTo(SLICE)
                    .isLessThan(FILES * SECTIONS);
            long signalled = System.nanoTime();
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                    .inheritIO()
                    .start()
                    .waitFor();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("stopped").isTrue();
            stopNanos = System.nanoTime() - signalled;
        } finally {
            p.destroyForcibly();
        }
        String stderr = read(childErr);
        assertThat(p.exitValue()).as("SIG%s; stderr: %s", signal, stderr).isEqualTo(expectedExit);
        assertThat(stderr)
                .contains("raglens: interrupted; stopping")
                .doesNotContain("did not stop")
                .doesNotContain("Exception");
        assertThat(Duration.ofNanos(stopNanos))
                .as("time from the signal to the exit: at most one slice's embedding")
                .isLessThan(Duration.ofSeconds(RaglensCli.STOP_GRACE_SECONDS));

        out.getBuffer().setLength(0);
        int code = RaglensCli.run(
                new String[] {"--workspace", ws.toString(), "index", "--embedding-model", "all-MiniLM-L6-v2"},
                new PrintWriter(out, true),
                new PrintWriter(err, true));
        assertThat(code).as(err.toString()).isZero();
        Matcher m = REUSED.matcher(out.toString());
        assertThat(m.find()).as(out.toString()).isTrue();
        int chunks = Integer.parseInt(m.group(1).replace(",", ""));
        int reused = Integer.parseInt(m.group(2));
        assertThat(reused)
                .as("whole committed slices, at least what the child reported before the signal")
                .isGreaterThanOrEqualTo(committedBefore)
                .isLessThan(chunks);
        assertThat(reused % SLICE).isZero();
    }
}
