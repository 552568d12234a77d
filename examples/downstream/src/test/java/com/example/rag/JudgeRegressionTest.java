package com.example.rag;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.raglens.EvaluateOptions;
import io.github.raglens.result.EvaluationResult;
import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.junit.BaselineFile;
import io.github.raglens.junit.BaselineName;
import io.github.raglens.junit.RagLensExtension;
import io.github.raglens.junit.RecordedLlm;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Relevance;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * Judge metrics in CI with no API key and no network: the answer model's and the judge's calls replay
 * from {@code src/test/resources/raglens/recordings}, and the per-question scores gate against the
 * committed baseline {@code src/test/resources/raglens/baselines/judge.json}. A call with no recording
 * (a changed prompt, model, question or retrieved context) fails the test, naming the calls and the
 * command that records them.
 *
 * <p>The committed recordings were made by the test kit's {@link SimulatedJudge}, a deterministic
 * stand-in, because raglens's own build has no key. With a real model: set {@link #MODEL} to its name
 * and {@link #live()} to it, run {@code mvn test -Draglens.record=true -Draglens.baseline.record=true}
 * with its key set, and commit both folders.
 */
@ExtendWith(RagLensExtension.class)
class JudgeRegressionTest {

    static final Path RAGLENS = Path.of("src/test/resources/raglens");
    static final String MODEL = "fake/simulated";

    @TempDir
    Path workspace;

    static LlmProvider live() {
        return SimulatedJudge.of();
    }

    static RecordedLlm recorded(String file, String model) {
        return RecordedLlm.builder(RAGLENS.resolve("recordings").resolve(file))
                .model(model)
                .live(JudgeRegressionTest::live)
                .build();
    }

    EvaluationResult evaluate(RecordedLlm answers, RecordedLlm judge) {
        RagLens lens = RagLens.builder()
                .workspace(workspace)
                .relevance(Relevance.EVIDENCE)
                .bm25()
                .llm(() -> answers)
                .judge(() -> judge)
                .build();
        lens.ingest(SampleCorpus.writeTo(workspace.resolve("corpus")));
        lens.index();
        lens.importQuestions(RAGLENS.resolve("questions.jsonl"));
        return lens.evaluate(
                EvaluateOptions.builder()
                        .contexts(3)
                        .metrics(List.of(JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_RECALL))
                        .build(),
                ProgressListener.NONE);
    }

    @Test
    void judgeScores_replayed_areNotSignificantlyWorseThanTheBaseline(@BaselineName("judge") BaselineFile baseline) {
        try (RecordedLlm answers = recorded("answers.jsonl", MODEL);
                RecordedLlm judge = recorded("judge.jsonl", MODEL)) {
            EvaluationResult result = evaluate(answers, judge);

            answers.assertAllRecorded();
            judge.assertAllRecorded();
            assertTrue(result.complete(), () -> "evaluation incomplete: " + result.scoring());
            baseline.check(RagLens.readBaseline(workspace.resolve("evaluation-baseline.json")));
        }
    }

    @Test
    void anotherJudgeModel_failsNamingTheMissingCallsAndHowToRecordThem() {
        try (RecordedLlm answers = recorded("answers.jsonl", MODEL);
                RecordedLlm judge = RecordedLlm.builder(RAGLENS.resolve("recordings/judge.jsonl"))
                        .model("openai/gpt-4o-mini")
                        .recordMissing(false)
                        .build()) {
            evaluate(answers, judge);

            AssertionError missing = assertThrows(AssertionError.class, judge::assertAllRecorded);
            String message = missing.getMessage();
            assertTrue(
                    message.matches("(?s)\\d+ calls to 'openai/gpt-4o-mini' not recorded in .*judge\\.jsonl:\n.*"),
                    message);
            assertTrue(
                    message.endsWith("record with: mvn test -Draglens.record=true (calls the live model, so its API key"
                            + " must be set), then commit judge.jsonl"),
                    message);
            assertEquals(judge.missingCalls().size(), message.lines().count() - 2, message);
        }
    }
}
