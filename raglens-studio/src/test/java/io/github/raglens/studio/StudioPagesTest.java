package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.error.RagLensException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The studio's pages over HTTP, on a workspace with three real runs; the browser test drives the same pages. */
class StudioPagesTest {

    @TempDir
    static Path dir;

    static Path workspace;
    static Studio studio;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void start() {
        workspace = StudioWorkspaces.threeRuns(dir);
        studio = Studio.builder(workspace).port(0).start();
    }

    @AfterAll
    static void stop() {
        studio.close();
    }

    static String get(Studio s, String path) throws Exception {
        HttpResponse<String> r =
                HTTP.send(HttpRequest.newBuilder(s.url().resolve(path)).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
        assertThat(r.headers().firstValue("Server-Timing")).isPresent();
        return r.body();
    }

    @Test
    void runs_listsEveryRunWithItsKind_andMarksTheInputsThatChanged() throws Exception {
        String page = get(studio, "/");

        assertThat(page)
                .contains("3 runs in")
                .contains("<tr data-run=\"1\"><td>1</td><td>benchmark</td>")
                .contains("<tr data-run=\"2\"><td>2</td><td>evaluate</td>")
                .contains("<tr data-run=\"3\"><td>3</td><td>benchmark</td>")
                .contains("href=\"/compare?a=2&amp;b=3\"");
    }

    @Test
    void trends_giveEachSystemsMeanPerRun_fromTheRunIndex() throws Exception {
        String page = get(studio, "/trends?metric=retrieval:hit@5");

        JsonNode trend = trendData(page);
        assertThat(trend.path("runs").toString()).isEqualTo("[\"1\",\"3\"]");
        assertThat(trend.path("breaks")).isEmpty();
        List<String> systems = new ArrayList<>();
        trend.path("series").forEach(s -> systems.add(s.path("system").asText()));
        assertThat(systems).containsExactly("bm25", "keywords");
        JsonNode bm25 = trend.path("series").get(0).path("points");
        assertThat(bm25.get(0).path("mean").asDouble())
                .as("bm25 did not change")
                .isEqualTo(bm25.get(1).path("mean").asDouble());
        JsonNode keywords = trend.path("series").get(1).path("points");
        assertThat(keywords.get(1).path("mean").asDouble())
                .as("the keyword retriever got worse")
                .isLessThan(keywords.get(0).path("mean").asDouble());
    }

    @Test
    void trends_ofAJudgeMetric_showTheEvaluation() throws Exception {
        JsonNode trend = trendData(get(studio, "/trends?metric=judge:faithfulness"));

        assertThat(trend.path("runs").toString()).isEqualTo("[\"2\"]");
        assertThat(trend.path("series").size()).isEqualTo(2);
    }

    @Test
    void compare_testsEachSystemPaired_withHolm_andListsTheQuestionsThatChangedWithWhatBothReturned() throws Exception {
        String page = get(studio, "/compare?a=1&b=3");

        assertThat(page)
                .contains("Holm-corrected across the 6 checks")
                .contains("<table id=\"comparison\">")
                .contains("<td>keywords</td><td>hit@10</td><td>28</td>")
                .contains("Questions that changed most")
                .contains("<table id=\"changed\">")
                .contains("relevant at rank")
                .doesNotContain("No question&#39;s score changed");
        Matcher row = Pattern.compile("<td>bm25</td><td>hit@10</td><td>28</td>.*?<td>([+-]\\d\\.\\d{3})</td>")
                .matcher(page);
        assertThat(row.find()).isTrue();
        assertThat(row.group(1)).as("bm25 is unchanged").isEqualTo("+0.000");
    }

    @Test
    void question_showsTheReferenceEvidenceRankingsAndTheJudgesVerdicts() throws Exception {
        String list = get(studio, "/question");
        Matcher first = Pattern.compile("href=\"/question\\?id=([^\"]+)\"").matcher(list);
        assertThat(first.find()).isTrue();

        String page = get(studio, "/question?id=" + first.group(1));

        assertThat(page)
                .contains("id=\"reference\"")
                .contains("<section class=\"ranking\" data-retriever=\"bm25\">")
                .contains("<section class=\"ranking\" data-retriever=\"keywords\">")
                .contains("<mark>");
    }

    @Test
    void aQuestionAnsweredInTheEvaluation_showsEachSystemsAnswerAndVerdicts() throws Exception {
        String answered = Files.readAllLines(workspace.resolve("answers.jsonl")).get(0);
        String id = new ObjectMapper().readTree(answered).path("questionId").asText();

        String page = get(studio, "/question?id=" + id);

        assertThat(page)
                .contains("<section class=\"answer\" data-system=\"bm25\">")
                .contains("<td>faithfulness</td>")
                .contains("<td>context_precision</td>");
    }

    @Test
    void aWorkspaceWithoutRuns_saysWhatToRun() throws Exception {
        try (Studio empty = Studio.builder(dir.resolve("nothing")).port(0).start()) {
            String page = get(empty, "/");

            assertThat(page).contains("id=\"no-runs\"").contains(" benchmark --docs DIR");
            assertThat(get(empty, "/trends")).contains("No runs yet");
            assertThat(get(empty, "/compare")).contains("A comparison needs two runs; this workspace has 0.");
        }
    }

    @Test
    void aCorruptLineInTheRunIndex_isSkippedAndNamed_andTheOtherRunsAreShown() throws Exception {
        Path other = dir.resolve("corrupt");
        Files.createDirectories(other);
        List<String> lines = new ArrayList<>(Files.readAllLines(workspace.resolve("run-index.jsonl")));
        lines.add(1, "{\"id\": \"2\", \"kind\": \"benchm");
        Files.write(other.resolve("run-index.jsonl"), lines);

        try (Studio s = Studio.builder(other).port(0).start()) {
            String page = get(s, "/");

            assertThat(page)
                    .contains(
                            "<p class=\"warning problem\">run-index.jsonl line 2 is not a run record and was skipped</p>")
                    .contains("3 runs in");
        }
    }

    @Test
    void aPortInUse_isOneLineNamingIt() {
        int port = studio.port();

        assertThatThrownBy(() -> Studio.builder(workspace).port(port).start())
                .isInstanceOf(RagLensException.class)
                .hasMessage(
                        "port " + port + " on 127.0.0.1 is in use; choose another with --port N (0 picks a free one)");
    }

    @Test
    void aRequestNamingAnotherHost_isRefused() throws Exception {
        String reply = raw(studio, "GET / HTTP/1.1\r\nHost: studio.attacker.example\r\nConnection: close\r\n\r\n");

        assertThat(reply)
                .startsWith("HTTP/1.1 403")
                .contains("refused: Host 'studio.attacker.example' is not this machine");
    }

    @Test
    void pagesEscapeWhatTheyShow_andAssetsComeFromTheJar() throws Exception {
        assertThat(get(studio, "/question?id=%3Cscript%3E"))
                .contains("No question '&lt;script&gt;' in this workspace.")
                .doesNotContain("<script>'");
        assertThat(get(studio, "/assets/chart.umd.js")).contains("Chart");
        assertThat(get(studio, "/assets/studio.js")).contains("trendChart");
    }

    @Test
    void aPageThatFails_answers500WithTheReason_insteadOfDroppingTheConnection() throws Exception {
        Path other = dir.resolve("damaged");
        Files.createDirectories(other.resolve("run-history/1"));
        Files.copy(workspace.resolve("run-index.jsonl"), other.resolve("run-index.jsonl"));
        Files.writeString(other.resolve("run-history/1/benchmark-baseline.json"), "{ not json");

        try (Studio s = Studio.builder(other).port(0).start()) {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(s.url().resolve("/compare?a=1&b=3")).build(),
                    HttpResponse.BodyHandlers.ofString());

            assertThat(r.statusCode()).isEqualTo(500);
            assertThat(r.body()).startsWith("the page failed: cannot read ").contains("benchmark-baseline.json");
        }
    }

    static String raw(Studio s, String request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", s.port())) {
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = socket.getInputStream();
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static JsonNode trendData(String page) throws Exception {
        Matcher m = Pattern.compile(
                        "<script type=\"application/json\" id=\"trend-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(page);
        assertThat(m.find()).isTrue();
        return new ObjectMapper().readTree(m.group(1));
    }

    static URI url(String path) {
        return studio.url().resolve(path);
    }
}
