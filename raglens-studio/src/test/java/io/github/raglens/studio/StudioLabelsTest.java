package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.RagLens;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.store.HumanLabelsFile;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Labels saved through the studio: two studios on one workspace lose none, bad ones are refused, the report shows them. */
class StudioLabelsTest {

    @TempDir
    static Path dir;

    static Path workspace;
    static final HttpClient HTTP = HttpClient.newHttpClient();

    @BeforeAll
    static void workspace() {
        workspace = StudioWorkspaces.threeRuns(dir);
    }

    private static String secret(Studio s) throws Exception {
        String page = StudioPagesTest.get(s, "/label?metric=faithfulness");
        Matcher m = Pattern.compile("<meta name=\"studio-secret\" content=\"([0-9a-f]+)\">")
                .matcher(page);
        assertThat(m.find()).isTrue();
        return m.group(1);
    }

    static HttpResponse<String> post(Studio s, String secret, String json) throws Exception {
        return HTTP.send(
                HttpRequest.newBuilder(s.url().resolve("/api/labels"))
                        .header("Content-Type", "application/json")
                        .header("X-Studio-Secret", secret)
                        .POST(HttpRequest.BodyPublishers.ofString(json))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static String label(LabelRequest r, String labeller) {
        return "{\"metric\":\"" + r.metric() + "\",\"retriever\":\"" + r.retriever() + "\",\"questionId\":\""
                + r.questionId() + "\",\"design\":\"uniform\",\"labeller\":\"" + labeller + "\",\"answers\":[1,0,1]}";
    }

    @Test
    void twoStudiosOnOneWorkspace_savingAtOnce_loseNoLabel_andTheReportShowsTheAgreement() throws Exception {
        RagLens lens = RagLens.builder().workspace(workspace).build();
        List<LabelRequest> cells = lens.labels().drawLabels("context_precision", 16, LabelDesign.UNIFORM);
        assertThat(cells).hasSize(16);
        try (Studio a = Studio.builder(workspace).port(0).start();
                Studio b = Studio.builder(workspace).port(0).start();
                ExecutorService pool = Executors.newFixedThreadPool(8)) {
            String secretA = secret(a);
            String secretB = secret(b);
            List<Future<HttpResponse<String>>> replies = new ArrayList<>();
            for (int i = 0; i < cells.size(); i++) {
                LabelRequest cell = cells.get(i);
                boolean first = i % 2 == 0;
                replies.add(pool.submit(() -> post(first ? a : b, first ? secretA : secretB, label(cell, "pat"))));
            }
            for (Future<HttpResponse<String>> r : replies) {
                assertThat(r.get().statusCode()).as(r.get().body()).isEqualTo(200);
            }
        }

        List<HumanLabel> saved =
                HumanLabelsFile.read(lens.workspace().humanLabels()).humanLabels();
        assertThat(saved).hasSize(16).allSatisfy(l -> {
            assertThat(l.metric()).isEqualTo("context_precision");
            assertThat(l.labeller()).isEqualTo("pat");
            assertThat(l.isDrawn()).isTrue();
            assertThat(l.score()).as("average precision of useful, not, useful").isEqualTo((1 + 2.0 / 3) / 2);
        });

        lens.report();
        assertThat(Files.readString(lens.workspace().reportHtml()))
                .contains("<section id=\"calibration\">")
                .contains("context_precision: judge and people both scored 16 cells");
    }

    @Test
    void aLabelWithoutALabeller_orOfACellNotDrawn_isRefusedWithWhy() throws Exception {
        try (Studio s = Studio.builder(workspace).port(0).start()) {
            String secret = secret(s);

            HttpResponse<String> nameless = post(
                    s,
                    secret,
                    "{\"metric\":\"faithfulness\",\"retriever\":\"bm25\",\"questionId\":\"x\",\"labeller\":\"\","
                            + "\"answers\":[1]}");
            HttpResponse<String> unknown = post(
                    s,
                    secret,
                    "{\"metric\":\"faithfulness\",\"retriever\":\"bm25\",\"questionId\":\"no-such\",\"labeller\":\"pat\","
                            + "\"answers\":[1]}");

            assertThat(nameless.statusCode()).isEqualTo(400);
            assertThat(nameless.body())
                    .isEqualTo("give your name in the labeller box: every label records who gave it\n");
            assertThat(unknown.statusCode()).isEqualTo(409);
            assertThat(unknown.body())
                    .isEqualTo("system 'bm25', question 'no-such' is not among the cells drawn for faithfulness; reload"
                            + " the page\n");
        }
    }
}
