package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

/**
 * Ctrl-C on a real {@code raglens questions} process talking to a slow OpenAI-compatible server: the
 * process stops within the grace period, exits 130, keeps every finished question (the JSONL intact),
 * and the same command resumes with the rest.
 */
@DisabledOnOs(OS.WINDOWS)
@Tag("ctrl-c")
class CtrlCTest {

    private static final int CHUNKS = 40;

    @TempDir
    Path dir;

    private HttpServer server;
    private final AtomicInteger requests = new AtomicInteger();

    @AfterEach
    void stopServer() {
        if (server != null) {
            server.stop(0);
        }
        QuestionsCommand.llmFactory = QuestionsCommand::defaultLlm;
    }

    private static List<Chunk> corpus() {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < CHUNKS; i++) {
            String text = "Widget model W" + i + " weighs " + (10 + i) + " kilograms. It ships in a blue box.";
            chunks.add(ChunkFixtures.sectionNamed("c" + i, "doc", "s" + i, "doc > s" + i, i, text));
        }
        return chunks;
    }

    /** An OpenAI-compatible chat endpoint that answers every request after 300 ms. */
    private String slowServer() throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.setExecutor(java.util.concurrent.Executors.newVirtualThreadPerTaskExecutor());
        server.createContext("/v1/chat/completions", exchange -> {
            requests.incrementAndGet();
            String request = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            try {
                Thread.sleep(300);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            // quotes the passage's own first sentence: one that identifies it among the chunks
            Matcher widget =
                    Pattern.compile("Widget model W\\d+ weighs \\d+ kilograms").matcher(request);
            String evidence = widget.find() ? widget.group() : "no widget in the request";
            String question = "{'status':'success','question':'How heavy is the widget?',"
                    + "'answer':'Heavy.','evidence':'" + evidence + "'}";
            // The reply's content is a JSON string holding the question's JSON.
            String content = question.replace("'", "\\\"");
            byte[] body = ("{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"model\":\"gpt-4o-mini\","
                            + "\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\",\"content\":\""
                            + content + "\"},\"finish_reason\":\"stop\"}],"
                            + "\"usage\":{\"prompt_tokens\":50,\"completion_tokens\":20,\"total_tokens\":70}}")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
    }

    /** Whether this process ignores SIGINT (bit 2 of the SigIgn mask in /proc/self/status). */
    static boolean sigintIgnoredHere() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
            if (line.startsWith("SigIgn:")) {
                return (Long.parseLong(line.substring(7).strip(), 16) & 0x2) != 0;
            }
        }
        return false;
    }

    private static long lines(Path file) throws IOException {
        if (!Files.exists(file)) {
            return 0;
        }
        try (var s = Files.lines(file)) {
            return s.count();
        }
    }

    @Test
    void ctrlC_duringQuestions_stopsCleanly_keepsFinishedRecords_andTheNextRunResumes() throws Exception {
        Path ws = dir.resolve("ws");
        ChunksFile.write(ws.resolve("chunks.jsonl"), corpus());
        Path questions = ws.resolve("questions.jsonl");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder pb = new ProcessBuilder(
                        java,
                        "-cp",
                        System.getProperty("java.class.path"),
                        RaglensCli.class.getName(),
                        "--workspace",
                        ws.toString(),
                        "--no-progress",
                        "questions",
                        "--docs",
                        dir.toString(),
                        "--llm-provider",
                        "openai",
                        "--concurrency",
                        "2")
                .directory(dir.toFile())
                .redirectOutput(dir.resolve("out.txt").toFile())
                .redirectError(dir.resolve("err.txt").toFile());
        pb.environment().put("OPENAI_BASE_URL", slowServer());
        pb.environment().put("OPENAI_API_KEY", "sk-test-ctrl-c");
        // A job started in the background by a non-interactive shell inherits SIGINT as ignored, and
        // so does the JVM under test; SIGTERM then takes the same shutdown path (exit 128 + 15).
        boolean sigintIgnored = sigintIgnoredHere();
        String signal = sigintIgnored ? "TERM" : "INT";
        int expectedExit = sigintIgnored ? 128 + 15 : RaglensCli.EXIT_INTERRUPTED;
        Process p = pb.start();
        try {
            long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
            while (lines(questions) < 4 && p.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            assertThat(lines(questions))
                    .as("questions written before Ctrl-C; stderr: %s", Files.readString(dir.resolve("err.txt")))
                    .isGreaterThanOrEqualTo(4);
            new ProcessBuilder("kill", "-" + signal, Long.toString(p.pid()))
                    .inheritIO()
                    .start()
                    .waitFor();
            assertThat(p.waitFor(RaglensCli.STOP_GRACE_SECONDS + 10, TimeUnit.SECONDS))
                    .as("stopped after Ctrl-C")
                    .isTrue();
        } finally {
            p.destroyForcibly();
        }
        String err = Files.readString(dir.resolve("err.txt"));
        assertThat(p.exitValue()).as("SIG%s; stderr: %s", signal, err).isEqualTo(expectedExit);
        assertThat(err)
                .contains("raglens: interrupted; stopping and keeping everything finished so far; run the same"
                        + " command again to resume")
                .doesNotContain("Exception")
                .doesNotContain("sk-test-ctrl-c");

        long kept = lines(questions);
        assertThat(kept).isLessThan(CHUNKS);
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(questions, QuestionSample.class, QuestionSample::sourceChunkId)) {
            assertThat(store.loadReport().tornBytesDropped()).isZero();
            assertThat(store.loadReport().corruptLines()).isEmpty();
            assertThat(store.records()).hasSize((int) kept).allMatch(QuestionSample::isSuccess);
        }

        // The same command resumes: only the chunks not settled yet are asked.
        QuestionsCommand.llmFactory = (provider, model) -> QuestionsAndBenchmarkCommandTest.fakeLlm();
        StringWriter out = new StringWriter();
        StringWriter errNow = new StringWriter();
        int code = RaglensCli.run(
                new String[] {"--workspace", ws.toString(), "questions", "--docs", dir.toString()},
                new PrintWriter(out, true),
                new PrintWriter(errNow, true));
        assertThat(code).as(errNow.toString()).isZero();
        assertThat(out.toString())
                .contains("questions: " + (CHUNKS - kept) + " chunks asked (" + (CHUNKS - kept)
                        + " success, 0 skip, 0 failed), " + kept + " already done");
        assertThat(lines(questions)).isEqualTo(CHUNKS);
    }
}
