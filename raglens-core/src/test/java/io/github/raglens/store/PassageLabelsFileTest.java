package io.github.raglens.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelDraw;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.PassageLabelRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Grades of pooled passages in the labels file: read apart from the cells' labels, old files as before. */
class PassageLabelsFileTest {

    @TempDir
    Path dir;

    private static PassageLabelRequest request(String passage, int position) {
        return new PassageLabelRequest(
                "q1",
                passage,
                "hash-" + passage,
                new LabelDraw(LabelDesign.UNIFORM, 42, position, "", 30, "grade-v1", "judge/model"),
                "When was the turbine built?",
                "Acme built the turbine in 1999.");
    }

    @Test
    void drawnPassages_waitForTheirGrade_andAGradeReplacesThem_besideTheCellsLabels() throws IOException {
        Path file = dir.resolve("labels.jsonl");
        HumanLabel cell = new HumanLabel("bm25", "q1", "faithfulness", 1);
        HumanLabelsFile.append(file, cell);
        assertThat(HumanLabelsFile.appendDrawnPassages(file, List.of(request("c1", 1), request("c2", 2))))
                .isEqualTo(2);
        // drawing again appends only what is new
        assertThat(HumanLabelsFile.appendDrawnPassages(file, List.of(request("c1", 1), request("c3", 3))))
                .isEqualTo(1);
        assertThat(HumanLabelsFile.read(file).awaiting()).isEqualTo(3);

        PassageLabel given = request("c1", 1).label(2, "ana", Instant.parse("2026-03-01T12:00:00Z"));
        HumanLabelsFile.append(file, given);
        PassageLabel regraded = request("c1", 1).label(3, "ana", Instant.parse("2026-03-01T12:01:00Z"));
        HumanLabelsFile.append(file, regraded);

        HumanLabelsFile.Contents contents = HumanLabelsFile.read(file);
        assertThat(contents.humanLabels()).containsExactly(cell);
        assertThat(contents.passageLabels()).containsExactly(regraded);
        assertThat(contents.awaiting()).isEqualTo(2);
        assertThat(regraded.draw()).contains(request("c1", 1).draw());
        assertThat(Files.readAllLines(file, StandardCharsets.UTF_8).get(1))
                .contains("\"metric\":\"relevance\"", "\"passage\":\"c1\"", "\"grade\":null", "\"text\":\"Acme");
    }

    @Test
    void aFileOfCellLabelsOnly_readsAsBefore_withNoPassageGrades() throws IOException {
        Path file = dir.resolve("labels.jsonl");
        Files.writeString(
                file,
                "{\"retriever\": \"bm25\", \"questionId\": \"q1\", \"metric\": \"faithfulness\", \"score\": 1}\n",
                StandardCharsets.UTF_8);
        HumanLabelsFile.Contents contents = HumanLabelsFile.read(file);
        assertThat(contents.humanLabels()).containsExactly(new HumanLabel("bm25", "q1", "faithfulness", 1));
        assertThat(contents.passageLabels()).isEmpty();
    }

    @Test
    void aGradeOutOfTheScale_orGradedTwiceWithoutTimes_isRefusedNamingTheLine() throws IOException {
        Path file = dir.resolve("labels.jsonl");
        Files.writeString(
                file,
                "{\"metric\": \"relevance\", \"questionId\": \"q1\", \"passage\": \"c1\", \"grade\": 1.5}\n",
                StandardCharsets.UTF_8);
        assertThatThrownBy(() -> HumanLabelsFile.read(file))
                .isInstanceOf(ParseException.class)
                .hasMessageEndingWith("line 1: field 'grade' must be 0, 1, 2 or 3, was 1.5");
        Files.writeString(
                file,
                "{\"metric\": \"relevance\", \"questionId\": \"q1\", \"passage\": \"c1\", \"grade\": 1}\n"
                        + "{\"metric\": \"relevance\", \"questionId\": \"q1\", \"passage\": \"c1\", \"grade\": 2}\n",
                StandardCharsets.UTF_8);
        assertThatThrownBy(() -> HumanLabelsFile.read(file))
                .isInstanceOf(ParseException.class)
                .hasMessageEndingWith(
                        "line 2 grades question 'q1', passage 'c1' a second time; keep one grade per passage");
        Files.writeString(
                file,
                "{\"metric\": \"relevance\", \"questionId\": \"q1\", \"passage\": \"c1\"}\n",
                StandardCharsets.UTF_8);
        assertThatThrownBy(() -> HumanLabelsFile.read(file))
                .isInstanceOf(ParseException.class)
                .hasMessageEndingWith("line 1: field 'grade' is missing; give a whole number from 0 to 3 (a drawn"
                        + " passage waiting for its grade has \"grade\": null and its \"draw\")");
    }
}
