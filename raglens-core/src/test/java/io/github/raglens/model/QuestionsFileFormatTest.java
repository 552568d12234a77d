package io.github.raglens.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code questions.jsonl} keeps the field names CLI.md documents ({@code chunkId}, lower-case {@code
 * status}, {@code answer}) now that {@link QuestionSample} is also the line type, and files written
 * before the merge (the committed fixture, with one line from before ids existed) still read.
 */
class QuestionsFileFormatTest {

    private static final Path BEFORE_MERGE = Path.of("src/test/resources/questions/questions-before-merge.jsonl");

    @Test
    void aFileWrittenBeforeTheMerge_readsWithEveryField(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("questions.jsonl");
        Files.copy(BEFORE_MERGE, file);

        List<QuestionSample> read;
        try (JsonlStore<QuestionSample> store = JsonlStore.open(file, QuestionSample.class, QuestionSample::key)) {
            read = store.records();
        }

        assertThat(read).hasSize(4);
        QuestionSample first = read.getFirst();
        assertThat(first.sourceChunkId()).isEqualTo("doc-1#s-2#0");
        assertThat(first.status()).isEqualTo(QuestionStatus.SUCCESS);
        assertThat(first.referenceAnswer()).isEqualTo("By the learning rate alpha.");
        assertThat(first.evidence()).isEqualTo("the effective step is bounded by alpha");
        assertThat(first.model()).isEqualTo("ollama/llama3.2");
        assertThat(first.isSettled()).isTrue();
        assertThat(read.get(1).status()).isEqualTo(QuestionStatus.SKIP);
        assertThat(read.get(1).reason()).isEqualTo("only a table of contents");
        assertThat(read.get(2).status()).isEqualTo(QuestionStatus.FAILED);
        assertThat(read.get(2).isSettled()).isFalse();
        QuestionSample withoutIds = read.get(3);
        assertThat(withoutIds.id()).isEmpty();
        assertThat(withoutIds.documentId()).isEmpty();
        assertThat(withoutIds.model()).isEmpty();
        assertThat(withoutIds.isSuccess()).isTrue();
        // before styles: every question is natural, keyed by its chunk as before, overlap not recorded
        assertThat(read).allSatisfy(q -> {
            assertThat(q.style()).isEqualTo(QuestionStyle.NATURAL);
            assertThat(q.key()).isEqualTo(q.sourceChunkId());
            assertThat(q.persona()).isEmpty();
            assertThat(q.secondChunkId()).isEmpty();
            assertThat(q.overlap()).isEmpty();
        });
        assertThat(first.evidenceQuotes()).containsExactly("the effective step is bounded by alpha");
    }

    @Test
    void aStyledQuestion_roundTripsItsStylePersonaSecondQuoteAndOverlap(@TempDir Path dir) {
        Path file = dir.resolve("questions.jsonl");
        QuestionSample natural = new QuestionSample(
                "q-1", "Why?", "Because.", "because of it", "c-1", "doc", "s", QuestionStatus.SUCCESS, "", false, "m");
        QuestionSample hop = new QuestionSample(
                "q-2",
                "How?",
                "So.",
                "first quote",
                "c-1",
                "doc",
                "s",
                QuestionStatus.SUCCESS,
                "",
                false,
                "m",
                QuestionStyle.MULTI_HOP,
                "",
                "c-9",
                "second quote",
                OptionalDouble.of(0.25));
        try (JsonlStore<QuestionSample> store = JsonlStore.open(file, QuestionSample.class, QuestionSample::key)) {
            store.append(natural);
            store.append(hop);
        }

        List<QuestionSample> read =
                JsonlStore.read(file, QuestionSample.class, QuestionSample::key).records();

        // one chunk holds a question of each style: the style is part of the key
        assertThat(read).containsExactly(natural, hop);
        assertThat(read.get(1).key()).isEqualTo("c-1#multi-hop");
        assertThat(read.get(1).style()).isEqualTo(QuestionStyle.MULTI_HOP);
        assertThat(read.get(1).evidenceQuotes()).containsExactly("first quote", "second quote");
        assertThat(read.get(1).overlap()).hasValue(0.25);
    }

    @Test
    void anUnknownStyle_namesTheAcceptedValues() {
        assertThatThrownBy(() -> Json.reader()
                        .forType(QuestionSample.class)
                        .readValue("{\"chunkId\":\"c\",\"status\":\"success\",\"style\":\"casual\"}"))
                .hasStackTraceContaining(
                        "unknown question style 'casual'; use natural, search, paraphrase, persona or multi-hop");
    }

    @Test
    void aSample_isWrittenWithTheDocumentedNames_inTheFilesOrder() throws Exception {
        QuestionSample q = new QuestionSample(
                "q-1", "Why?", "Because.", "because", "c-1", "doc", "s", QuestionStatus.SKIP, "thin", true, "m/x");

        JsonNode line = Json.reader().readTree(Json.writer().writeValueAsString(q));

        List<String> names = new ArrayList<>();
        line.fieldNames().forEachRemaining(names::add);
        assertThat(names)
                .containsExactly(
                        "chunkId",
                        "status",
                        "question",
                        "answer",
                        "evidence",
                        "reason",
                        "id",
                        "documentId",
                        "sectionId",
                        "retryable",
                        "model",
                        "style",
                        "persona",
                        "secondChunkId",
                        "secondEvidence",
                        "overlap");
        assertThat(line.get("style").asText()).isEqualTo("natural");
        assertThat(line.get("status").asText()).isEqualTo("skip");
        assertThat(line.get("answer").asText()).isEqualTo("Because.");
        assertThat(line.get("chunkId").asText()).isEqualTo("c-1");
    }

    @Test
    void anUnknownStatus_namesTheAcceptedValues() {
        assertThatThrownBy(() -> Json.reader()
                        .forType(QuestionSample.class)
                        .readValue("{\"chunkId\":\"c\",\"status\":\"done\"}"))
                .hasStackTraceContaining("status must be success, skip or failed, was 'done'");
    }

    @Test
    void aLineWithoutChunkId_isRefused() {
        assertThatThrownBy(() -> Json.reader().forType(QuestionSample.class).readValue("{\"status\":\"success\"}"))
                .hasStackTraceContaining("sourceChunkId (chunkId)");
    }
}
