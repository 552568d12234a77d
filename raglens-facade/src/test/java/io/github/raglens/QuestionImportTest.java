package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.RagLensException;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.QuestionSample;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuestionImportTest {

    @TempDir
    Path dir;

    private RagLens lens() {
        return RagLens.builder().workspace(dir.resolve("ws")).bm25().build();
    }

    private List<QuestionSample> written(RagLens lens) {
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(lens.workspace().questions(), QuestionSample.class, QuestionSample::sourceChunkId)) {
            return store.records();
        }
    }

    @Test
    void jsonl_andCsv_becomeUsableQuestions() throws Exception {
        Path jsonl = dir.resolve("q.jsonl");
        Files.writeString(jsonl, """
                {"question": "How heavy is W1?", "answer": "11 kg", "evidence": "weighs 11 kilograms", "source": "a.pdf", "page": 2}

                {"id": "mine-2", "question": "What colour is the box?", "answer": "Blue"}
                """);
        Path csv = dir.resolve("q.csv");
        Files.writeString(csv, "question,answer,evidence\n\"Which box, exactly?\",\"The \"\"blue\"\" one\",blue box\n");
        RagLens lens = lens();

        assertThat(lens.importQuestions(jsonl)).isEqualTo(2);
        assertThat(lens.importQuestions(csv)).isEqualTo(1);

        List<QuestionSample> records = written(lens);
        assertThat(records).hasSize(3).allMatch(QuestionSample::isSuccess);
        assertThat(records.get(0).evidence()).isEqualTo("weighs 11 kilograms");
        assertThat(records.get(0).documentId()).isEqualTo("a.pdf");
        assertThat(records.get(1).id()).isEqualTo("mine-2");
        assertThat(records.get(2).question()).isEqualTo("Which box, exactly?");
        assertThat(records.get(2).referenceAnswer()).isEqualTo("The \"blue\" one");
        assertThat(records.get(2).model()).isEqualTo("imported");
    }

    @Test
    void badRows_areNamedByLineAndField_andNothingIsWritten() throws Exception {
        Path jsonl = dir.resolve("bad.jsonl");
        Files.writeString(jsonl, """
                {"question": "Fine?", "answer": "Yes"}
                {"question": "", "answer": "No question"}
                not json
                {"question": "Page?", "answer": "x", "page": "three"}
                {"question": "Nested?", "answer": {"a": 1}}
                """);
        RagLens lens = lens();

        assertThatThrownBy(() -> lens.importQuestions(jsonl))
                .isInstanceOf(RagLensException.class)
                .hasMessage(jsonl + ": line 2: field 'question' is missing or empty; line 3: not a JSON object;"
                        + " line 4: field 'page' must be a page number (1, 2, …), was 'three'; line 5: field 'answer'"
                        + " must be text or a number; nothing was imported (each row needs question and answer;"
                        + " evidence, source, page and id are optional)");
        assertThat(lens.workspace().questions()).doesNotExist();

        Path csv = dir.resolve("bad.csv");
        Files.writeString(csv, "question,answer,colour\nq,a,blue\n");
        assertThatThrownBy(() -> lens.importQuestions(csv))
                .hasMessageContaining(csv + ": line 1: unknown column 'colour'; use id, question, answer, evidence,"
                        + " source, page;");
        Path ragged = dir.resolve("ragged.csv");
        Files.writeString(ragged, "question,answer\nq,a,extra\n");
        assertThatThrownBy(() -> lens.importQuestions(ragged))
                .hasMessageStartingWith(ragged + ": line 2: 3 fields, the header has 2;");
    }

    /** questions-import campaign finding: ten unknown columns made a refusal of 1,010 characters. */
    @Test
    void headerOfManyUnknownColumns_isOneProblemListingThem() throws Exception {
        Path csv = dir.resolve("wide.csv");
        Files.writeString(csv, "question,answer,c1,c2,c3,c4,c5,c6,c7,c8,c9,c10,c11,c12\n");

        assertThatThrownBy(() -> lens().importQuestions(csv))
                .isInstanceOf(RagLensException.class)
                .hasMessage(csv + ": line 1: unknown columns 'c1', 'c2', 'c3', 'c4', 'c5', 'c6', 'c7', 'c8', 'c9',"
                        + " 'c10', 'c11', 'c12'; use id, question, answer, evidence, source, page; nothing was"
                        + " imported (each row needs question and answer; evidence, source, page and id are"
                        + " optional)");
    }

    @Test
    void problemOnEveryLine_listsWhatFitsOnALineAndCountsTheRest() throws Exception {
        Path jsonl = dir.resolve("pages.jsonl");
        String page = "x".repeat(200);
        Files.writeString(
                jsonl, ("{\"question\": \"Q?\", \"answer\": \"A\", \"page\": \"" + page + "\"}\n").repeat(40));
        String problem = ": field 'page' must be a page number (1, 2, …), was '" + "x".repeat(160) + "…'";
        RagLens lens = lens();

        assertThatThrownBy(() -> lens.importQuestions(jsonl))
                .isInstanceOf(RagLensException.class)
                .hasMessage(jsonl + ": line 1" + problem + "; line 2" + problem + "; and 38 more; nothing was"
                        + " imported (each row needs question and answer; evidence, source, page and id are"
                        + " optional)");
        assertThat(lens.workspace().questions()).doesNotExist();
    }
}
