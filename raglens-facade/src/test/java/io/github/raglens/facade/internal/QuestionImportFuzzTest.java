package io.github.raglens.facade.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.RagLensException;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.Scratch;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.QuestionSample;
import java.nio.file.Path;

/** A team's own questions, {@code questions --import FILE}: CSV or JSONL, imported or refused in one line. */
class QuestionImportFuzzTest {

    @HostileInputTest
    void importsOrRefuses(FuzzedDataProvider data) {
        String name = data.consumeBoolean() ? "questions.csv" : "questions.jsonl";
        Path file = Scratch.file(name, data.consumeRemainingAsBytes());
        Path workspace = file.resolveSibling("workspace");
        Path questions = workspace.resolve("questions.jsonl");
        HostileInput.readOrRefuse(RagLensException.class, () -> {
            int imported = QuestionImport.run(
                            file, questions, workspace.resolve("chunks.jsonl"), EvidenceRule.defaults())
                    .imported();
            try (JsonlStore<QuestionSample> store =
                    JsonlStore.open(questions, QuestionSample.class, QuestionSample::sourceChunkId)) {
                if (store.size() != imported
                        || !store.loadReport().corruptLines().isEmpty()) {
                    throw new AssertionError("finding: " + imported + " questions imported, " + store.size()
                            + " read back, lines " + store.loadReport().corruptLines() + " unreadable");
                }
            }
            return imported;
        });
    }
}
