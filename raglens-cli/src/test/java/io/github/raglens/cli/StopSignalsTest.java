package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * A signal stops the command before the JVM starts shutting down. Shutdown hooks run at once, and
 * ONNX Runtime's frees its native environment: a stage still embedding its last slice when the hooks
 * began crashed the JVM (IndexCtrlCTest saw exit 134 instead of 130).
 */
@DisabledOnOs(OS.WINDOWS)
@Tag("ctrl-c")
class StopSignalsTest {

    @TempDir
    Path dir;

    /**
     * A command that, once interrupted, takes a second to finish as a stage finishes its slice, under a
     * shutdown hook that writes whether the command had finished when the hooks began.
     */
    public static final class Child {

        private Child() {}

        public static void main(String[] args) {
            Path record = Path.of(args[0]);
            AtomicBoolean finished = new AtomicBoolean();
            Runtime.getRuntime()
                    .addShutdownHook(new Thread(() -> write(record, "command finished: " + finished.get())));
            int code = StopSignals.run(
                    () -> {
                        System.out.println("running");
                        try {
                            Thread.sleep(Duration.ofMinutes(1));
                            return 0;
                        } catch (InterruptedException e) {
                            // stopping: finish the slice in hand
                        }
                        try {
                            Thread.sleep(Duration.ofSeconds(1));
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                        }
                        finished.set(true);
                        return 1;
                    },
                    new PrintWriter(System.err, true));
            System.exit(code);
        }

        private static void write(Path file, String text) {
            try {
                Files.writeString(file, text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    @Test
    void aSignal_letsTheCommandFinishBeforeTheShutdownHooksRun_andExitsWithTheSignalsCode() throws Exception {
        Path record = dir.resolve("hooks.txt");
        Path out = dir.resolve("out.txt");
        Path err = dir.resolve("err.txt");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java, "-cp", System.getProperty("java.class.path"), Child.class.getName(), record.toString())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        boolean sigintIgnored = CtrlCTest.sigintIgnoredHere();
        String signal = sigintIgnored ? "TERM" : "INT";
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (!Files.readString(out).contains("running") && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                    .inheritIO()
                    .start()
                    .waitFor();
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("stopped").isTrue();
        } finally {
            p.destroyForcibly();
        }
        String stderr = Files.readString(err);
        assertThat(p.exitValue()).as(stderr).isEqualTo(sigintIgnored ? 128 + 15 : RaglensCli.EXIT_INTERRUPTED);
        assertThat(stderr).contains("raglens: interrupted; stopping").doesNotContain("did not stop");
        assertThat(Files.readString(record)).isEqualTo("command finished: true");
    }
}
