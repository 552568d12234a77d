package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.RagLensException;
import io.github.raglens.eval.answers.AnswerGenerator;
import io.github.raglens.eval.answers.AnswerRecord;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.providers.ChatCompletions;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.FakeBatchServer;
import io.github.raglens.providers.OpenAi;
import io.github.raglens.providers.OpenAiChat;
import io.github.raglens.result.EvaluationResult;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.MockWebServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code evaluate} with batch on: the same answers and scores as live, in dependent waves, at half the price. */
class BatchEvaluationTest {

    private static final Pattern ITEM = Pattern.compile("(?m)^\\[(\\d+)] (.*)$");

    @TempDir
    Path dir;

    /**
     * Deterministic replies to raglens's answer and judge prompts: an answer naming the question, two
     * statements per text, a verdict per numbered item by the hash of the item and its prompt.
     */
    static String reply(JsonNode body) {
        String user = ChatCompletions.user(body);
        return switch (ChatCompletions.schema(body)) {
            case "" -> "The answer to " + Integer.toHexString(user.hashCode()) + ". It is in the passages.";
            case "statements" ->
                "{\"statements\":[\"Claim one of " + Integer.toHexString(user.hashCode()) + ".\",\"Claim two.\"]}";
            case "verdicts" -> {
                StringBuilder sb = new StringBuilder("{\"verdicts\":[");
                Matcher m = ITEM.matcher(user);
                int n = 0;
                while (m.find()) {
                    sb.append(n++ == 0 ? "" : ",")
                            .append("{\"index\":")
                            .append(m.group(1))
                            .append(",\"reason\":\"r\",\"verdict\":")
                            .append((user.hashCode() ^ m.group(2).hashCode()) & 1)
                            .append('}');
                }
                yield sb.append("]}").toString();
            }
            case "usefulness" -> "{\"reason\":\"r\",\"verdict\":" + (user.hashCode() & 1) + "}";
            default -> throw new AssertionError("unexpected schema " + ChatCompletions.schema(body));
        };
    }

    static OpenAiChat model(MockWebServer server) {
        return OpenAi.chat("gpt-4o-mini")
                .environment(Environment.of(Map.of()))
                .baseUrl(server.url("/v1").toString())
                .apiKey("sk-test-batch-evaluate-0123456789")
                .initialBackoff(Duration.ofMillis(1))
                .maxBackoff(Duration.ofMillis(5))
                .build();
    }

    /** A workspace with the sample corpus ingested, indexed and its hand-checked questions written. */
    private RagLens prepared(Path ws, LlmProvider llm) {
        RagLens lens = RagLens.builder()
                .workspace(ws)
                .relevance(Relevance.EVIDENCE)
                .bm25()
                .llm(() -> llm)
                .judge(() -> llm)
                .build();
        lens.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        lens.index();
        List<QuestionSample> samples =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(lens.workspace().questions(), QuestionSample.class, QuestionSample::sourceChunkId)) {
            for (QuestionSample q : samples) {
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
        return lens;
    }

    private static EvaluateOptions.Builder options() {
        return EvaluateOptions.builder().sample(6).contexts(3);
    }

    private static Map<String, String> scores(RagLens lens) {
        Map<String, String> out = new TreeMap<>();
        for (ScoreRecord r : Scorer.read(lens.workspace().scores())) {
            out.put(r.retriever() + " " + r.questionId() + " " + r.metric(), r.status() + " " + r.score());
        }
        return out;
    }

    private static Map<String, String> answers(RagLens lens) {
        Map<String, String> out = new TreeMap<>();
        for (AnswerRecord a : AnswerGenerator.read(lens.workspace().answers())) {
            out.put(a.key(), a.status() + " " + a.answer());
        }
        return out;
    }

    @Test
    void batchEvaluation_answersAndScoresAsLive_inOneBatchPerDependentStage_atHalfThePrice() throws Exception {
        EvaluationResult live;
        RagLens liveLens;
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(ChatCompletions.server(BatchEvaluationTest::reply));
            server.start();
            liveLens = prepared(dir.resolve("live"), model(server));
            live = liveLens.evaluate(options().build(), ProgressListener.NONE);
        }
        FakeBatchServer batches = new FakeBatchServer(BatchEvaluationTest::reply).pollsToEnd(2);
        Map<String, String> progress = new ConcurrentHashMap<>();
        EvaluationResult batched;
        RagLens batchLens;
        EvaluateOptions batchOptions = options()
                .batch(true)
                .batchTiming(Duration.ofMillis(400), Duration.ofMillis(2), Duration.ofMillis(10))
                .build();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(batches);
            server.start();
            batchLens = prepared(dir.resolve("batched"), model(server));
            EvaluationEstimate estimate = batchLens.estimateEvaluation(batchOptions);
            assertThat(estimate.batchCostUsd())
                    .isGreaterThan(0)
                    .isEqualTo(estimate.total().costUsd() / 2);
            batched = batchLens.evaluate(batchOptions, (stage, done, total, status) -> progress.put(stage, status));
        }
        assertThat(batched.scoring().failed()).isZero();
        assertThat(batched.scoring().scored())
                .isEqualTo(live.scoring().scored())
                .isPositive();
        assertThat(answers(batchLens)).isEqualTo(answers(liveLens));
        assertThat(scores(batchLens)).isEqualTo(scores(liveLens));
        // answers, then the statements of answers and references, then the verdicts on them
        assertThat(batches.created()).hasSize(3);
        assertThat(progress.get("batch")).startsWith("3 batches, ");
        String usage = Files.readString(batchLens.workspace().usage());
        assertThat(usage).contains("openai/gpt-4o-mini (batch)");
        double liveCost = live.scoring().judge().costUsd();
        double batchCost = batched.scoring().judge().costUsd();
        assertThat(batchCost).isCloseTo(liveCost / 2, within(1e-9));
        assertThat(batchLens.workspace().batch().resolve("batches.jsonl")).exists();
    }

    @Test
    void batchEvaluation_withAJudgeOtherThanOpenAi_isRefusedBeforeAnyCall() {
        LlmProvider local = new LlmProvider() {
            @Override
            public String modelName() {
                return "ollama/llama3.2";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                throw new AssertionError("nothing is sent");
            }
        };
        RagLens lens = prepared(dir.resolve("ws"), local);
        assertThatThrownBy(() -> lens.evaluate(options().batch(true).build(), ProgressListener.NONE))
                .isInstanceOf(RagLensException.class)
                .hasMessage("batch evaluation sends the judge's calls through OpenAI's Batch API, and the judge"
                        + " 'ollama/llama3.2' is not an OpenAI chat model; judge with OpenAi.chat(...) or evaluate"
                        + " without batch");
    }
}
