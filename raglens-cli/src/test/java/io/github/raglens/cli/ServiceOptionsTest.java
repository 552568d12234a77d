package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpServer;
import io.github.raglens.model.Chunk;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code --retriever-url} and its companions on {@code raglens benchmark}. */
class ServiceOptionsTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private HttpServer server;

    @AfterEach
    void stop() {
        QuestionsCommand.llmFactory = QuestionsCommand::defaultLlm;
        BenchmarkCommand.retrieverFactory = null;
        if (server != null) {
            server.stop(0);
        }
    }

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** A workspace with six chunks and their questions, and bm25 replaced by an exact fake. */
    private Path workspace() {
        Path ws = dir.resolve("ws");
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String text = "Widget model W" + i + " weighs " + (10 + i) + " kilograms. It ships in a blue box.";
            chunks.add(ChunkFixtures.sectionNamed("c" + i, "doc", "s" + i, "doc > s" + i, i, text));
        }
        ChunksFile.write(ws.resolve("chunks.jsonl"), chunks);
        QuestionsCommand.llmFactory = (p, m) -> QuestionsAndBenchmarkCommandTest.fakeLlm();
        assertThat(run("--workspace", ws.toString(), "questions", "--docs", "pdfs"))
                .isZero();
        BenchmarkCommand.retrieverFactory = (names, w) ->
                List.of(QuestionsAndBenchmarkCommandTest.exact(ChunksFile.read(w.resolve("chunks.jsonl"))));
        return ws;
    }

    /** A service that always returns the text of widget W0 with an id of its own, counting its calls. */
    private String service(AtomicInteger calls) throws Exception {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/search", exchange -> {
            calls.incrementAndGet();
            byte[] body = "{\"results\":[{\"text\":\"Widget model W0 weighs 10 kilograms.\",\"id\":\"w0\"}]}"
                    .getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream o = exchange.getResponseBody()) {
                o.write(body);
            }
        });
        server.start();
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/search";
    }

    @Test
    void retrieverUrl_isARowBesideTheOthers_onTheSameQuestions() throws Exception {
        Path ws = workspace();
        AtomicInteger calls = new AtomicInteger();
        String url = service(calls);

        int code = run(
                "--workspace",
                ws.toString(),
                "benchmark",
                "--docs",
                "pdfs",
                "--retrievers",
                "bm25",
                "--relevance",
                "evidence",
                "--k",
                "1,3",
                "--retriever-url",
                url,
                "--retriever-name",
                "shop");

        assertThat(code).as(err.toString()).isZero();
        assertThat(calls).hasValue(6);
        assertThat(out.toString())
                .contains("6 questions, relevance evidence")
                .contains("bm25           1.000 [0.541,1.000]")
                .contains("shop           0.167 [");
        assertThat(ws.resolve("runs").resolve("shop.run")).exists();
    }

    @Test
    void evidenceRelevance_saysWhichQuestionsItLeftOut_andKeepsAmbiguousOnesOnRequest() throws Exception {
        Path ws = workspace();
        Path file = dir.resolve("short.jsonl");
        java.nio.file.Files.writeString(
                file,
                "{\"question\": \"What ships in a box?\", \"answer\": \"Widgets\", \"evidence\": \"blue box\"}\n");

        assertThat(run("--workspace", ws.toString(), "questions", "--import", file.toString()))
                .isZero();
        assertThat(err.toString())
                .contains("raglens questions: warning: line 1: ambiguous evidence: 2 words, fewer than 6 ('blue"
                        + " box'); evidence relevance leaves the question out unless told to keep it"
                        + " (--keep-ambiguous-evidence)");

        assertThat(run("--workspace", ws.toString(), "benchmark", "--docs", "pdfs", "--relevance", "evidence"))
                .isZero();
        assertThat(out.toString())
                .contains("6 of 7 questions usable; excluded: 1 with ambiguous evidence (fewer than 6 words),"
                        + " relevance evidence");
        assertThat(err.toString())
                .contains("raglens benchmark: warning: evidence relevance: 6 of 7 questions usable; excluded: 1 with"
                        + " ambiguous evidence (fewer than 6 words); the ambiguous ones can be kept"
                        + " (--keep-ambiguous-evidence), counted apart");

        assertThat(run(
                        "--workspace",
                        ws.toString(),
                        "benchmark",
                        "--docs",
                        "pdfs",
                        "--relevance",
                        "evidence",
                        "--keep-ambiguous-evidence"))
                .isZero();
        assertThat(out.toString())
                .contains("7 of 7 questions usable (1 with ambiguous evidence, kept on request), relevance evidence");
        assertThat(run("--workspace", ws.toString(), "benchmark", "--docs", "pdfs", "--evidence-min-words", "0"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("raglens benchmark: --evidence-min-words must be >= 1, was 0");
    }

    @Test
    void lengthFair_printsItsTableBesideTheDefault() throws Exception {
        Path ws = workspace();
        String url = service(new AtomicInteger());

        int code = run(
                "--workspace",
                ws.toString(),
                "benchmark",
                "--docs",
                "pdfs",
                "--relevance",
                "evidence",
                "--k",
                "1,3",
                "--retriever-url",
                url,
                "--retriever-name",
                "shop",
                "--length-fair",
                "40");

        assertThat(code).as(err.toString()).isZero();
        String printed = out.toString();
        assertThat(printed)
                .contains("length-fair (asked for): every retriever read 40 characters a rank, Hit@K within the first K"
                        + " x 40");
        String fairTable = printed.substring(printed.indexOf("length-fair ("));
        // bm25's sentence ends 35 characters into its first context: rank 1 of 40 characters
        assertThat(fairTable).contains("bm25           1.000 [0.541,1.000]").contains("shop           0.167 [");
    }

    @Test
    void unreachableRetrieverUrl_stopsWithOneLine() throws Exception {
        Path ws = workspace();
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        String down = "http://127.0.0.1:" + port + "/search";

        int code = run(
                "--workspace",
                ws.toString(),
                "benchmark",
                "--docs",
                "pdfs",
                "--retrievers",
                "bm25",
                "--relevance",
                "evidence",
                "--retriever-url",
                down);

        assertThat(code).isEqualTo(1);
        assertThat(err.toString().lines().toList())
                .singleElement()
                .satisfies(line -> assertThat(line)
                        .startsWith("raglens: no connection to " + down + " (ConnectException")
                        .endsWith("); start the service or check --retriever-url"));
    }

    @Test
    void badServiceOptions_areUsageErrors() {
        Path ws = workspace();
        assertThat(run("--workspace", ws.toString(), "benchmark", "--docs", "d", "--retriever-name", "shop"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("raglens benchmark: --retriever-name is given 1 times but --retriever-url 0; give one name"
                        + " per URL");
        assertThat(run(
                        "--workspace",
                        ws.toString(),
                        "benchmark",
                        "--docs",
                        "d",
                        "--retrievers",
                        "bm25",
                        "--retriever-url",
                        "http://127.0.0.1:9/s",
                        "--length-fair"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("raglens benchmark: --length-fair compares by evidence; use evidence relevance"
                        + " (--relevance)");
    }

    @Test
    void questionsImport_writesQuestionsJsonl_andBadRowsExitWithTheLine() throws Exception {
        Path ws = dir.resolve("ws");
        Path file = dir.resolve("mine.jsonl");
        java.nio.file.Files.writeString(file, "{\"question\": \"How heavy is W1?\", \"answer\": \"11 kg\"}\n");

        assertThat(run("--workspace", ws.toString(), "questions", "--import", file.toString()))
                .isZero();
        assertThat(out.toString()).contains("imported 1 questions from " + file);
        assertThat(ws.resolve("questions.jsonl")).exists();

        java.nio.file.Files.writeString(file, "{\"answer\": \"11 kg\"}\n");
        assertThat(run("--workspace", ws.toString(), "questions", "--import", file.toString()))
                .isEqualTo(1);
        assertThat(err.toString()).contains("raglens: " + file + ": line 1: field 'question' is missing or empty;");
    }
}
