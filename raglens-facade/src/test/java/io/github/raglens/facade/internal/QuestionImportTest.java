package io.github.raglens.facade.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.RagLens;
import io.github.raglens.error.RagLensException;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.result.QuestionImportResult;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
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

        QuestionImportResult fromJsonl = lens.importQuestions(jsonl);
        assertThat(fromJsonl.imported()).isEqualTo(2);
        assertThat(fromJsonl.warnings())
                .containsExactly("the evidence of 1 question is not checked: nothing is ingested yet ("
                        + lens.workspace().chunks() + " is missing); the benchmark checks it against the corpus");
        assertThat(lens.importQuestions(csv).imported()).isEqualTo(1);

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
    void evidence_isCheckedAgainstTheCorpus_asTheBenchmarkChecksIt() throws Exception {
        RagLens lens = lens();
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            String text = "Report " + i + ". The filter was fitted on 12 May and cleaned every 30 days. All values"
                    + " are provisional.";
            chunks.add(ChunkFixtures.sectionNamed("c" + i, "d", "s" + i, "d > s" + i, i, text));
        }
        Files.createDirectories(lens.workspace().dir());
        ChunksFile.write(lens.workspace().chunks(), chunks);
        Path good = dir.resolve("good.jsonl");
        Files.writeString(good, """
                {"question": "When was the filter fitted?", "answer": "12 May", "evidence": "Report 3. The ﬁlter was ﬁtted on 12 May"}
                {"question": "How often is it cleaned?", "answer": "30 days", "evidence": "cleaned every 30 days. All values"}
                {"question": "Are the values final?", "answer": "No", "evidence": "provisional"}
                """);

        QuestionImportResult imported = lens.importQuestions(good);

        assertThat(imported.imported()).isEqualTo(3);
        assertThat(imported.warnings())
                .containsExactly(
                        "line 2: ambiguous evidence: in 5 chunks of the corpus, more than 3 ('cleaned every 30 days."
                                + " All values'); evidence relevance leaves the question out unless told to keep it"
                                + " (RagLens.Builder.keepAmbiguousEvidence(true))",
                        "line 3: ambiguous evidence: 1 word, fewer than 6 ('provisional'); evidence relevance leaves"
                                + " the question out unless told to keep it (RagLens.Builder.keepAmbiguousEvidence(true))");

        Path bad = dir.resolve("bad.csv");
        Files.writeString(bad, "question,answer,evidence\nWhen?,12 May,The filter was fitted on 13 May\n");
        assertThatThrownBy(() -> lens.importQuestions(bad))
                .isInstanceOf(RagLensException.class)
                .hasMessage(bad + ": line 2: field 'evidence' 'The filter was fitted on 13 May' occurs in no chunk of"
                        + " the corpus; quote the documents word for word (spaces, quotes, dashes and ligatures may"
                        + " differ); nothing was imported (each row needs question and answer; evidence, source, page"
                        + " and id are optional)");
        assertThat(written(lens)).hasSize(3);
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
