package io.github.raglens.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.EvaluateOptions;
import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.EvaluationResult;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.SimulatedJudge;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A downstream evaluation whose answer and judge calls are recorded once, then replayed with the
 * network blocked: the same scores bit for bit, and a changed judge model is reported as missing
 * recordings instead of reusing the old replies.
 */
class ReplayedEvaluationTest {

    @TempDir
    Path dir;

    static final String JUDGE = "openai/gpt-4o-mini";
    static final String ANSWERER = "openai/gpt-4o-mini-answers";

    static LlmProvider networkBlocked() {
        throw new AssertionError("a live model was asked for while replaying");
    }

    private RecordedLlm recorded(String file, String model, boolean record) {
        return RecordedLlm.builder(dir.resolve("recordings").resolve(file))
                .model(model)
                .live(record ? SimulatedJudge::of : ReplayedEvaluationTest::networkBlocked)
                .recordMissing(record)
                .build();
    }

    private Map<String, Double> evaluate(String workspace, RecordedLlm answers, RecordedLlm judge) throws Exception {
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve(workspace))
                .relevance(Relevance.EVIDENCE)
                .bm25()
                .llm(() -> answers)
                .judge(() -> judge)
                .build();
        lens.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        lens.index();
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(lens.workspace().questions(), QuestionSample.class, QuestionSample::sourceChunkId)) {
            for (QuestionSample q : SampleCorpus.questionSamples(
                    ChunksFile.read(lens.workspace().chunks()))) {
                store.append(new QuestionSample(
                        q.id(),
                        q.question(),
                        q.referenceAnswer(),
                        q.evidence(),
                        q.sourceChunkId() + "#" + q.id(),
                        q.documentId(),
                        q.sectionId(),
                        QuestionStatus.SUCCESS,
                        "",
                        false,
                        "hand/checked"));
            }
        }
        EvaluationResult result = lens.evaluate(
                EvaluateOptions.builder()
                        .sample(6)
                        .contexts(3)
                        .metrics(List.of(
                                JudgeMetric.FAITHFULNESS, JudgeMetric.CONTEXT_RECALL, JudgeMetric.FACTUAL_CORRECTNESS))
                        .build(),
                ProgressListener.NONE);
        assertThat(result.answers().answered()).isEqualTo(6);
        Map<String, Double> scores = new TreeMap<>();
        for (String line : Files.readAllLines(lens.workspace().scores())) {
            var node = Json.reader().readTree(line);
            if (node.path("status").asText().equals("scored")) {
                scores.put(
                        node.path("retriever").asText() + "/"
                                + node.path("questionId").asText() + "/"
                                + node.path("metric").asText(),
                        node.path("score").asDouble());
            }
        }
        return scores;
    }

    @Test
    void replayWithTheNetworkBlocked_givesBitIdenticalScores() throws Exception {
        Map<String, Double> live;
        try (RecordedLlm answers = recorded("answers.jsonl", ANSWERER, true);
                RecordedLlm judge = recorded("judge.jsonl", JUDGE, true)) {
            live = evaluate("recording", answers, judge);
        }
        assertThat(live).hasSizeGreaterThan(10);

        RecordedLlm answers = recorded("answers.jsonl", ANSWERER, false);
        RecordedLlm judge = recorded("judge.jsonl", JUDGE, false);
        Map<String, Double> replayed = evaluate("replay", answers, judge);

        assertThat(replayed).isEqualTo(live);
        answers.assertAllRecorded();
        judge.assertAllRecorded();
    }

    @Test
    void anotherJudgeModel_isReportedAsMissingRecordings_notServedOldReplies() throws Exception {
        try (RecordedLlm answers = recorded("answers.jsonl", ANSWERER, true);
                RecordedLlm judge = recorded("judge.jsonl", JUDGE, true)) {
            evaluate("recording", answers, judge);
        }

        RecordedLlm answers = recorded("answers.jsonl", ANSWERER, false);
        RecordedLlm otherJudge = recorded("judge.jsonl", "openai/gpt-4o", false);
        Map<String, Double> scores = evaluate("replay", answers, otherJudge);

        assertThat(scores).isEmpty();
        answers.assertAllRecorded();
        assertThat(otherJudge.missingCalls()).isNotEmpty();
        assertThatThrownBy(otherJudge::assertAllRecorded)
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(" to 'openai/gpt-4o' not recorded in ")
                .hasMessageEndingWith("record with: mvn test -Draglens.record=true (calls the live model, so its API"
                        + " key must be set), then commit judge.jsonl");
    }
}
