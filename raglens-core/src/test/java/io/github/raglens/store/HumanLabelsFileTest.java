package io.github.raglens.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ParseException;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelDraw;
import io.github.raglens.model.LabelRequest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class HumanLabelsFileTest {

    @TempDir
    Path dir;

    private static LabelRequest request(String retriever, String questionId, int position) {
        return new LabelRequest(
                retriever,
                questionId,
                "faithfulness",
                "hash-" + questionId,
                new LabelDraw(LabelDesign.PER_SYSTEM, 42, position, retriever, 20, "v1", "judge/model"),
                "What is tidal power?",
                "Power from the tides.",
                List.of("Tidal power converts the tides into electricity."),
                "Energy from tides.");
    }

    @Test
    void drawnCells_waitForTheirLabel_andALabelledLineReplacesThem() throws IOException {
        Path file = dir.resolve("labels.jsonl");
        int added = HumanLabelsFile.appendDrawn(file, List.of(request("bm25", "q1", 1), request("bm25", "q2", 2)));
        assertThat(added).isEqualTo(2);
        assertThat(HumanLabelsFile.read(file).labels()).isEmpty();
        assertThat(HumanLabelsFile.read(file).awaiting()).isEqualTo(2);

        HumanLabel given = request("bm25", "q1", 1).label(1, "ana", Instant.parse("2026-03-01T12:00:00Z"));
        HumanLabelsFile.append(file, given);
        HumanLabelsFile.Contents contents = HumanLabelsFile.read(file);
        assertThat(contents.humanLabels()).containsExactly(given);
        assertThat(contents.labels().getFirst().number()).isEqualTo(3);
        assertThat(contents.awaiting()).isEqualTo(1);
        assertThat(given.draw()).contains(request("bm25", "q1", 1).draw());
        assertThat(given.inputs()).isEqualTo("hash-q1");
    }

    @Test
    void drawingAgain_appendsOnlyTheNewCells_andKeepsEveryLabel() {
        Path file = dir.resolve("labels.jsonl");
        HumanLabelsFile.appendDrawn(file, List.of(request("bm25", "q1", 1)));
        HumanLabelsFile.append(file, request("bm25", "q1", 1).label(0, "ana", Instant.EPOCH));
        int added = HumanLabelsFile.appendDrawn(file, List.of(request("bm25", "q1", 1), request("bm25", "q2", 2)));
        assertThat(added).isEqualTo(1);
        HumanLabelsFile.Contents contents = HumanLabelsFile.read(file);
        assertThat(contents.humanLabels()).extracting(HumanLabel::questionId).containsExactly("q1");
        assertThat(contents.awaiting()).isEqualTo(1);
    }

    @Test
    void aCellRelabelledWithItsTime_keepsTheLaterLabel() {
        Path file = dir.resolve("labels.jsonl");
        HumanLabelsFile.append(file, request("bm25", "q1", 1).label(0, "ana", Instant.parse("2026-03-01T12:00:00Z")));
        HumanLabelsFile.append(file, request("bm25", "q1", 1).label(1, "ana", Instant.parse("2026-03-01T12:00:05Z")));
        assertThat(HumanLabelsFile.read(file).humanLabels())
                .singleElement()
                .extracting(HumanLabel::score)
                .isEqualTo(1.0);
    }

    @Test
    void handWrittenLabels_readWithNothingRecorded_andTwiceForACellIsAnError() throws IOException {
        Path file = Files.writeString(dir.resolve("a.jsonl"), """
                {"retriever":"bm25","questionId":"q0","metric":"faithfulness","score":0}

                {"retriever":"bm25","questionId":"q1","metric":"faithfulness","score":1}""");
        assertThat(HumanLabelsFile.read(file).humanLabels())
                .containsExactly(
                        new HumanLabel("bm25", "q0", "faithfulness", 0),
                        new HumanLabel("bm25", "q1", "faithfulness", 1));
        // a hand-written last line without its newline is kept when appending
        HumanLabelsFile.append(file, new HumanLabel("bm25", "q2", "faithfulness", 1));
        assertThat(HumanLabelsFile.read(file).humanLabels()).hasSize(3);

        Path twice = Files.writeString(dir.resolve("b.jsonl"), """
                {"retriever":"r","questionId":"q","metric":"m","score":1}
                {"retriever":"r","questionId":"q","metric":"m","score":0}
                """);
        assertThatThrownBy(() -> HumanLabelsFile.read(twice))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + twice + ": line 2 labels retriever 'r', question 'q', metric 'm' a second"
                        + " time; keep one label per cell");
    }

    @Test
    void badLines_nameTheLineAndField() throws IOException {
        Path score = Files.writeString(
                dir.resolve("a.jsonl"),
                "{\"retriever\":\"r\",\"questionId\":\"q\",\"metric\":\"m\",\"score\":\"yes\"}\n");
        assertThatThrownBy(() -> HumanLabelsFile.read(score))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + score + ": line 1: field 'score' must be a number from 0 to 1, was"
                        + " \"yes\"");
        Path missing =
                Files.writeString(dir.resolve("c.jsonl"), "{\"questionId\":\"q\",\"metric\":\"m\",\"score\":1}\n");
        assertThatThrownBy(() -> HumanLabelsFile.read(missing))
                .hasMessage("cannot parse " + missing + ": line 1: field 'retriever' must be a non-empty string");
        Path noScore = Files.writeString(
                dir.resolve("d.jsonl"), "\n{\"retriever\":\"r\",\"questionId\":\"q\",\"metric\":\"m\"}\n");
        assertThatThrownBy(() -> HumanLabelsFile.read(noScore))
                .hasMessage("cannot parse " + noScore + ": line 2: field 'score' is missing; give a number from 0 to"
                        + " 1 (a drawn cell waiting for its label has \"score\": null and its \"draw\")");
        Path corrupt = Files.writeString(
                dir.resolve("g.jsonl"),
                "{\"retriever\":\"r\",\"questionId\":\"q\",\"metric\":\"m\",\"score\":1}\n{\"retriever\":\"r\",\"quest\n");
        assertThatThrownBy(() -> HumanLabelsFile.read(corrupt))
                .isInstanceOf(ParseException.class)
                .hasMessage("cannot parse " + corrupt + ": line 2 is not a JSON object; correct the line or delete it"
                        + " (every line is one label such as {\"retriever\": \"bm25\", \"questionId\": \"q1\","
                        + " \"metric\": \"faithfulness\", \"score\": 1})");
        Path when = Files.writeString(
                dir.resolve("e.jsonl"),
                "{\"retriever\":\"r\",\"questionId\":\"q\",\"metric\":\"m\",\"score\":1,\"labelledAt\":\"today\"}\n");
        assertThatThrownBy(() -> HumanLabelsFile.read(when))
                .hasMessage("cannot parse " + when + ": line 1: field 'labelledAt' must be an ISO-8601 instant such as"
                        + " 2026-03-01T12:00:00Z, was 'today'");
        Path draw = Files.writeString(
                dir.resolve("f.jsonl"),
                "{\"retriever\":\"r\",\"questionId\":\"q\",\"metric\":\"m\",\"score\":1,\"draw\":{\"position\":9}}\n");
        assertThatThrownBy(() -> HumanLabelsFile.read(draw))
                .hasMessageStartingWith("cannot parse " + draw + ": line 1: field 'draw' is not a draw raglens wrote (")
                .hasMessageEndingWith("); draw the cells again with raglens label-sample");
    }

    @Test
    void aLineTornByACrash_isCutOffBeforeTheNextAppend() throws IOException {
        Path file = dir.resolve("labels.jsonl");
        HumanLabelsFile.append(file, new HumanLabel("bm25", "q0", "faithfulness", 1));
        Files.writeString(
                file,
                "{\"retriever\":\"bm25\",\"questionId\":\"q1\",\"met",
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.APPEND);
        HumanLabelsFile.append(file, new HumanLabel("bm25", "q2", "faithfulness", 0));
        assertThat(HumanLabelsFile.read(file).humanLabels())
                .extracting(HumanLabel::questionId)
                .containsExactly("q0", "q2");
    }

    @Test
    void appendsFromManyThreads_loseNoLabel() throws Exception {
        Path file = dir.resolve("labels.jsonl");
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                String q = "q" + i;
                done.add(pool.submit(() -> HumanLabelsFile.append(
                        file,
                        new HumanLabel(
                                "bm25", q, "faithfulness", 1, "ana", Instant.EPOCH.toString(), "", Optional.empty()))));
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            pool.shutdown();
        }
        assertThat(HumanLabelsFile.read(file).humanLabels()).hasSize(200);
    }
}
