package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.raglens.error.UnknownPriceException;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.result.AnswerSummary;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EvaluateCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path workspace(int questions) {
        Path ws = dir.resolve(".raglens");
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < questions; i++) {
            String text = "Section " + i + " explains how component " + i + " caches results. It ranks them.";
            chunks.add(ChunkFixtures.sectionNamed("c" + i, "doc" + (i % 2), "s" + i, "doc > s" + i, i, text));
        }
        ChunksFile.write(ws.resolve("chunks.jsonl"), chunks);
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(ws.resolve("questions.jsonl"), QuestionSample.class, QuestionSample::sourceChunkId)) {
            for (int i = 0; i < questions; i++) {
                store.append(new QuestionSample(
                        "q" + i,
                        "How does component " + i + " work?",
                        "Component " + i + " caches results. It ranks them.",
                        "caches results",
                        "c" + i,
                        "doc" + (i % 2),
                        "s" + i,
                        QuestionStatus.SUCCESS,
                        "",
                        false,
                        "fake/model"));
            }
        }
        return ws;
    }

    @Test
    void dryRun_printsCallsTokensAndCost_andSendsNothing() {
        Path ws = workspace(4);
        int code = run(
                "--workspace",
                ws.toString(),
                "evaluate",
                "--docs",
                "docs",
                "--sample",
                "2",
                "--retrievers",
                "bm25,dense",
                "--dry-run",
                "--price-input",
                "1",
                "--price-output",
                "2");
        assertThat(code).as(err.toString()).isZero();
        // 2 questions x 2 retrievers = 4 samples, context precision in one call (the default): answer
        // statements 1 (shared by faithfulness and factual correctness), one verdict call for
        // faithfulness and context recall together, factual correctness 2, context precision 1; and the
        // reference statements once per question: 4 x 5 + 2.
        assertThat(out.toString())
                .contains("dry run: 2 questions x 2 retrievers, metrics "
                        + "faithfulness,factual_correctness,context_precision,context_recall")
                .contains("answers (ollama/llama3.2): 4 calls")
                .contains("judge (ollama/llama3.2): 22 calls")
                .contains("total: 26 calls");
        assertThat(ws.resolve("scores.jsonl")).doesNotExist();
        assertThat(ws.resolve("answers.jsonl")).doesNotExist();
    }

    @Test
    void dryRun_withBatch_showsTheBatchPriceBesideTheLiveOne() {
        Path ws = workspace(4);
        int code = run(
                "--workspace",
                ws.toString(),
                "evaluate",
                "--docs",
                "docs",
                "--sample",
                "2",
                "--batch",
                "--dry-run",
                "--price-input",
                "100",
                "--price-output",
                "200");
        assertThat(code).as(err.toString()).isZero();
        java.util.regex.Matcher total =
                java.util.regex.Pattern.compile("(?m)^total: .*~\\$([0-9.]+)$").matcher(out.toString());
        assertThat(total.find()).as(out.toString()).isTrue();
        double live = Double.parseDouble(total.group(1));
        assertThat(live).isPositive();
        assertThat(out.toString())
                .contains(String.format(
                        Locale.ROOT,
                        "through the Batch API (--batch): ~$%.2f instead of ~$%.2f live%n",
                        live / 2,
                        live));
    }

    @Test
    void dryRun_withoutApiKey_estimatesAndSaysTheKeyIsMissing() {
        assumeTrue(System.getenv("OPENAI_API_KEY") == null, "OPENAI_API_KEY is set in this environment");
        Path ws = workspace(4);
        int code = run(
                "--workspace",
                ws.toString(),
                "evaluate",
                "--docs",
                "docs",
                "--sample",
                "2",
                "--retrievers",
                "bm25",
                "--llm-provider",
                "openai",
                "--dry-run");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("answers (openai/gpt-4o-mini): 2 calls")
                .contains("judge (openai/gpt-4o-mini): ");
        assertThat(err.toString())
                .isEqualTo("raglens evaluate: OPENAI_API_KEY is not set; export it or put it in .env, or choose"
                        + " --llm-provider ollama (the dry run needs no key; the run does)\n");
    }

    @Test
    void withoutApiKey_realRunFailsAtOnce() {
        assumeTrue(System.getenv("OPENAI_API_KEY") == null, "OPENAI_API_KEY is set in this environment");
        Path ws = workspace(2);
        assertThat(run("--workspace", ws.toString(), "evaluate", "--docs", "docs", "--llm-provider", "openai"))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens: OPENAI_API_KEY is not set; export it or put it in .env, or choose"
                        + " --llm-provider ollama\n");
    }

    @Test
    void judgeProviderWithoutChatModels_isAUsageErrorNamingTheOption() {
        Path ws = workspace(2);
        assertThat(run("--workspace", ws.toString(), "evaluate", "--docs", "docs", "--judge-provider", "onnx"))
                .isEqualTo(2);
        assertThat(err.toString())
                .startsWith("raglens evaluate: --judge-provider: provider 'onnx' has no chat models; choose ollama,"
                        + " openai or groq\n");
    }

    @Test
    void dryRun_perContextPrecision_needsMoreCalls() {
        Path ws = workspace(4);
        int code = run(
                "--workspace",
                ws.toString(),
                "evaluate",
                "--docs",
                "docs",
                "--sample",
                "2",
                "--retrievers",
                "bm25,dense",
                "--dry-run",
                "--context-precision",
                "per-context");
        assertThat(code).as(err.toString()).isZero();
        // one context precision call per context: 4 more per sample than one-call, 4 x 9 + 2
        assertThat(out.toString()).contains("judge (ollama/llama3.2): 38 calls");
    }

    @Test
    void dryRun_ragasCompatible_countsRagasCalls_andRefusesAContextPrecisionMode() {
        Path ws = workspace(4);
        int code = run(
                "--workspace",
                ws.toString(),
                "evaluate",
                "--docs",
                "docs",
                "--sample",
                "2",
                "--retrievers",
                "bm25,dense",
                "--dry-run",
                "--ragas-compatible");
        assertThat(code).as(err.toString()).isZero();
        // per sample: faithfulness 2 (its own verdict call), factual correctness 3 (claims of the
        // answer, two verdict calls), context precision 5 (one per context), context recall 1; and the
        // reference's claims once per question: 4 x 11 + 2
        assertThat(out.toString()).contains("judge (ollama/llama3.2): 46 calls");
        assertThat(run(
                        "--workspace",
                        ws.toString(),
                        "evaluate",
                        "--docs",
                        "docs",
                        "--ragas-compatible",
                        "--context-precision",
                        "one-call"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("--ragas-compatible judges context precision per context as RAGAS does; drop"
                        + " --context-precision");
    }

    @Test
    void dryRun_countsTheSecondJudgesCalls_andAddsThemToTheTotal() {
        Path ws = workspace(4);
        int code = run(
                "--workspace",
                ws.toString(),
                "evaluate",
                "--docs",
                "docs",
                "--sample",
                "2",
                "--retrievers",
                "bm25,dense",
                "--dry-run",
                "--second-judge-model",
                "qwen2.5");
        assertThat(code).as(err.toString()).isZero();
        // the second judge scores the same cells with the same metrics: as many calls as the first
        assertThat(out.toString())
                .contains("judge (ollama/llama3.2): 22 calls")
                .contains("second judge (ollama/qwen2.5): 22 calls")
                .contains("total: 48 calls");
    }

    @Test
    void repeats_areCountedInTheDryRun_andBelowOneIsAUsageError() {
        Path ws = workspace(4);
        int code = run(
                "--workspace",
                ws.toString(),
                "evaluate",
                "--docs",
                "docs",
                "--sample",
                "2",
                "--retrievers",
                "bm25,dense",
                "--dry-run",
                "--repeats",
                "2");
        assertThat(code).as(err.toString()).isZero();
        assertThat(out.toString()).contains("judge (ollama/llama3.2): 44 calls");
        assertThat(run("--workspace", ws.toString(), "evaluate", "--docs", "docs", "--repeats", "0"))
                .isEqualTo(2);
        assertThat(err.toString()).contains("repeats must be >= 1, was 0");
    }

    @Test
    void budgetRemedy_namesTheFlagsOfTheModelWithoutPrice() {
        UnknownPriceException judge =
                new UnknownPriceException("openai/my-judge", UnknownPriceException.Role.JUDGE, "library message");
        assertThat(EvaluateCommand.budgetRemedy(judge, false))
                .isEqualTo("--budget-usd needs the price of every paid model, and raglens knows none for"
                        + " 'openai/my-judge'; give it in dollars per million tokens with --price-input USD"
                        + " --price-output USD");
        UnknownPriceException answers =
                new UnknownPriceException("openai/my-llm", UnknownPriceException.Role.ANSWERS, "library message");
        assertThat(EvaluateCommand.budgetRemedy(answers, false))
                .endsWith("with --llm-price-input USD --llm-price-output USD");
        assertThat(EvaluateCommand.budgetRemedy(answers, true)).endsWith("with --price-input USD --price-output USD");
        UnknownPriceException embeddings =
                new UnknownPriceException("openai/my-emb", UnknownPriceException.Role.EMBEDDINGS, "library message");
        assertThat(EvaluateCommand.budgetRemedy(embeddings, false))
                .endsWith("'openai/my-emb'; choose an embedding model with a known price (e.g. --embedding-provider"
                        + " onnx), or drop --budget-usd");
    }

    @Test
    void answerLines_sayPerSystemWhatAnswered_andHowManyAnswersWereReusedOrHadAnew() {
        AnswerSummary answers = new AnswerSummary(
                12,
                4,
                7,
                0,
                1,
                Map.of("timeout", 1),
                Optional.empty(),
                List.of(
                        new AnswerSummary.SystemAnswers("bm25", false, Optional.of("ollama/llama3.2"), 4, 0, 0),
                        new AnswerSummary.SystemAnswers("my-app", true, Optional.empty(), 0, 4, 0),
                        new AnswerSummary.SystemAnswers("shop", true, Optional.of("2.1"), 0, 3, 1)));
        assertThat(EvaluateCommand.answerLines(answers))
                .containsExactly(
                        "answers of bm25 (ollama/llama3.2): 4 reused, 0 answered anew",
                        "answers of my-app (no version declared: asked anew on every run; --system-version lets"
                                + " unchanged answers be reused): 0 reused, 4 answered anew",
                        "answers of shop (version 2.1): 0 reused, 3 answered anew, 1 failed");
    }

    @Test
    void moreSystemVersionsThanSystemUrls_isAUsageError() {
        Path ws = workspace(1);
        assertThat(run(
                        "--workspace",
                        ws.toString(),
                        "evaluate",
                        "--docs",
                        "d",
                        "--system-url",
                        "http://localhost:9/ask",
                        "--system-version",
                        "1.0",
                        "--system-version",
                        "2.0"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("--system-version is given 2 times but --system-url 1; give one version per URL");
    }

    @Test
    void unknownMetric_isAUsageError() {
        Path ws = workspace(1);
        assertThat(run("--workspace", ws.toString(), "evaluate", "--docs", "d", "--metrics", "faithfulness,vibes"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("Invalid value for option '--metrics' (LIST): unknown metric 'vibes'; use faithfulness,"
                        + " factual_correctness");
    }

    @Test
    void missingIndex_saysWhichCommandMakesIt() {
        Path ws = workspace(2);
        assertThat(run("--workspace", ws.toString(), "evaluate", "--docs", "pdfs", "--retrievers", "bm25"))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens: no index at " + ws.resolve("index") + "; run: raglens --workspace " + ws
                        + " index --docs pdfs" + System.lineSeparator());
    }

    @Test
    void missingQuestions_saysWhichCommandMakesThem() {
        Path ws = dir.resolve("empty");
        ChunksFile.write(ws.resolve("chunks.jsonl"), List.of());
        assertThat(run("--workspace", ws.toString(), "evaluate", "--docs", "pdfs"))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens: no questions at " + ws.resolve("questions.jsonl") + "; run: raglens --workspace "
                        + ws + " questions --docs pdfs" + System.lineSeparator());
    }
}
