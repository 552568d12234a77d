package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.RagLens;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.PassageLabelRequest;
import io.github.raglens.store.HumanLabelsFile;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Grading pooled passages for judged relevance in the studio: drawn by the facade, graded 0–3, saved. */
class StudioPassageGradesTest {

    @TempDir
    Path dir;

    /** A workspace whose only content is a graded pool of two questions: three passages the judge graded. */
    private Path gradedPool() throws Exception {
        Path ws = dir.resolve("ws");
        Files.createDirectories(ws.resolve("runs"));
        String line = "{\"queryId\":\"%s\",\"question\":\"%s\",\"passage\":\"%s\",\"text\":\"%s\",\"grade\":%d,"
                + "\"byEvidence\":%s,\"judgeModel\":\"fake/grader\",\"version\":\"grade-v1\"}\n";
        Files.writeString(
                ws.resolve("runs").resolve("judged-passages.jsonl"),
                line.formatted("q1", "When was the turbine built?", "c1", "Acme built the turbine in 1999.", 3, true)
                        + line.formatted(
                                "q1", "When was the turbine built?", "c7", "The turbine has three blades.", 1, false)
                        + line.formatted(
                                "q1", "When was the turbine built?", "doc-4", "It was finished in 1999.", 3, false)
                        + line.formatted("q2", "Who owns Acme?", "c9", "Acme belongs to its workers.", 3, false),
                StandardCharsets.UTF_8);
        return ws;
    }

    private static String grade(PassageLabelRequest r, int grade) {
        return "{\"metric\":\"relevance\",\"retriever\":\"\",\"questionId\":\"" + r.queryId() + "\",\"passage\":\""
                + r.passage() + "\",\"design\":\"uniform\",\"labeller\":\"pat\",\"answers\":[" + grade + "]}";
    }

    @Test
    void theLabelPage_offersRelevance_showsADrawnPassage_andSavesItsGrade() throws Exception {
        Path ws = gradedPool();
        RagLens lens = RagLens.builder().workspace(ws).build();
        List<PassageLabelRequest> drawn = lens.labels().drawPassageLabels(10);
        // the evidence passage is grade 3 by rule: never drawn
        assertThat(drawn).extracting(PassageLabelRequest::passage).containsExactlyInAnyOrder("c7", "doc-4", "c9");
        try (Studio s = Studio.builder(ws).port(0).start()) {
            String page = StudioPagesTest.get(s, "/label?metric=relevance");
            assertThat(page)
                    .contains("<option selected>relevance</option>")
                    .contains("data-passage=\"" + drawn.getFirst().passage() + "\"")
                    .contains("<li>" + drawn.getFirst().text() + "</li>")
                    .contains("How well does this passage answer the question?")
                    .contains("0 pooled passages graded so far.");
            Matcher m = Pattern.compile("<meta name=\"studio-secret\" content=\"([0-9a-f]+)\">")
                    .matcher(page);
            assertThat(m.find()).isTrue();
            String secret = m.group(1);

            HttpResponse<String> saved = StudioLabelsTest.post(s, secret, grade(drawn.getFirst(), 2));
            HttpResponse<String> outOfScale = StudioLabelsTest.post(s, secret, grade(drawn.get(1), 4));
            HttpResponse<String> notDrawn = StudioLabelsTest.post(
                    s,
                    secret,
                    "{\"metric\":\"relevance\",\"questionId\":\"q1\",\"passage\":\"c1\",\"labeller\":\"pat\","
                            + "\"answers\":[3]}");

            assertThat(saved.statusCode()).as(saved.body()).isEqualTo(200);
            assertThat(outOfScale.statusCode()).isEqualTo(400);
            assertThat(outOfScale.body()).isEqualTo("a passage takes one grade from 0 to 3, got [4]\n");
            assertThat(notDrawn.statusCode()).isEqualTo(409);
            assertThat(notDrawn.body())
                    .isEqualTo("question 'q1', passage 'c1' is not among the passages drawn for grading; reload the"
                            + " page\n");
            assertThat(StudioPagesTest.get(s, "/label?metric=relevance"))
                    .contains("1 pooled passages graded so far.")
                    .contains("data-passage=\"" + drawn.get(1).passage() + "\"");
        }
        List<PassageLabel> grades =
                HumanLabelsFile.read(lens.workspace().humanLabels()).passageLabels();
        assertThat(grades).hasSize(1);
        PassageLabel g = grades.getFirst();
        assertThat(g.passage()).isEqualTo(drawn.getFirst().passage());
        assertThat(g.grade()).isEqualTo(2);
        assertThat(g.labeller()).isEqualTo("pat");
        assertThat(g.draw()).contains(drawn.getFirst().draw());
        assertThat(g.inputs()).isEqualTo(drawn.getFirst().inputs());
    }
}
