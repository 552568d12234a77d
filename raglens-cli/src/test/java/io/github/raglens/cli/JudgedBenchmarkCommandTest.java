package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code benchmark --relevance judged}, and the grading alone with {@code --judge-only} and its dry run. */
class JudgedBenchmarkCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final AtomicInteger gradingCalls = new AtomicInteger();

    @AfterEach
    void restoreSeams() {
        BenchmarkCommand.retrieverFactory = null;
        BenchmarkCommand.judgeFactory = BenchmarkCommand::defaultJudge;
    }

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** Grades 2 every passage that names the widget the question asks about, 0 the others. */
    private LlmProvider grader() {
        return new LlmProvider() {
            @Override
            public String modelName() {
                return "fake/grader";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                gradingCalls.incrementAndGet();
                String user = request.messages().stream()
                        .filter(m -> m.role() == ChatMessage.Role.USER)
                        .findFirst()
                        .orElseThrow()
                        .content();
                String question = user.substring(user.indexOf("QUESTION:"), user.indexOf("PASSAGE:"));
                String widget = question.substring(question.indexOf("widget ") + 7, question.indexOf('?'));
                int grade = user.substring(user.indexOf("PASSAGE:")).contains("about " + widget + " ") ? 2 : 0;
                return new ChatOutcome.Completed("{\"reason\":\"r\",\"grade\":" + grade + "}", new TokenUsage(80, 10));
            }
        };
    }

    /** Six widgets, each with its sheet and a note that restates its weight in other words. */
    private static List<Chunk> corpus() {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            chunks.add(chunk(
                    "c" + i, "Widget model W" + i + " weighs " + (10 + i) + " kilograms. It ships in a blue box.", i));
            chunks.add(chunk("n" + i, "A note about W" + i + " : its mass is " + (10 + i) + " kg.", 6 + i));
        }
        return chunks;
    }

    private static Chunk chunk(String id, String text, int order) {
        return ChunkFixtures.sectionNamed(id, "doc", "s" + id, "doc > " + id, order, text);
    }

    private Path workspaceWithQuestions() {
        Path ws = dir.resolve("ws");
        List<Chunk> chunks = corpus();
        ChunksFile.write(ws.resolve("chunks.jsonl"), chunks);
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(ws.resolve("questions.jsonl"), QuestionSample.class, QuestionSample::sourceChunkId)) {
            for (int i = 0; i < 6; i++) {
                store.append(new QuestionSample(
                        "q" + i,
                        "How heavy is widget W" + i + "?",
                        (10 + i) + " kilograms",
                        "Widget model W" + i + " weighs " + (10 + i) + " kilograms.",
                        "c" + i,
                        "doc",
                        "sc" + i,
                        QuestionStatus.SUCCESS,
                        "",
                        false,
                        "hand/written"));
            }
        }
        BenchmarkCommand.retrieverFactory = (names, w) -> List.of(noteFirst(chunks));
        BenchmarkCommand.judgeFactory = (p, m) -> grader();
        return ws;
    }

    /** For widget Wi: its note, then its sheet, then the next widget's note. */
    private static Retriever noteFirst(List<Chunk> chunks) {
        return new Retriever() {
            @Override
            public String name() {
                return "bm25";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                int i = query.charAt(query.indexOf('W') + 1) - '0';
                List<Chunk> ranked = List.of(chunks.get(2 * i + 1), chunks.get(2 * i), chunks.get((2 * i + 3) % 12));
                List<RetrievedChunk> hits = new ArrayList<>();
                for (int r = 0; r < Math.min(k, ranked.size()); r++) {
                    hits.add(RetrievedChunk.of(r + 1, 1.0 / (r + 1), ranked.get(r)));
                }
                return new RetrievalResult(name(), query, hits, 0);
            }
        };
    }

    @Test
    void judgeOnly_dryRunCountsTheCallsAfterMergingAndTheCache_thenGradesThem_andTheBenchmarkSendsNothingMore() {
        Path ws = workspaceWithQuestions();
        String[] judgeOnly = {
            "--workspace",
            ws.toString(),
            "benchmark",
            "--docs",
            "pdfs",
            "--retrievers",
            "bm25",
            "--k",
            "1,3",
            "--relevance",
            "judged",
            "--judge-only"
        };
        List<String> dryRun = new ArrayList<>(List.of(judgeOnly));
        dryRun.add("--dry-run");
        assertThat(run(dryRun.toArray(String[]::new))).isZero();
        assertThat(gradingCalls).hasValue(0);
        // 6 questions x 3 hits, the 6 holding the evidence cost nothing
        assertThat(out.toString()).contains("judged relevance, dry run: 12 calls, ");

        assertThat(run(judgeOnly)).isZero();
        assertThat(gradingCalls).hasValue(12);
        assertThat(out.toString())
                .contains(
                        "6 questions, 18 passages pooled at depth 3 (6 holding the evidence, 12 graded by fake/grader,"
                                + " 0 ungraded): 1.00 relevant passages per question beyond the evidence chunks")
                .contains("run `raglens --workspace " + ws + " benchmark --docs pdfs --relevance judged` to measure");
        assertThat(ws.resolve("runs/qrels-judged.txt")).exists();

        out.getBuffer().setLength(0);
        assertThat(run(
                        "--workspace",
                        ws.toString(),
                        "benchmark",
                        "--docs",
                        "pdfs",
                        "--retrievers",
                        "bm25",
                        "--k",
                        "1,3",
                        "--relevance",
                        "judged"))
                .isZero();
        assertThat(gradingCalls).as("every grade was in the cache").hasValue(12);
        assertThat(out.toString())
                .contains("6 questions, relevance judged (this table by evidence, the judge's grades below)")
                .contains("bm25           0.000 [0.000,0.459] 1.000 [0.541,1.000]")
                .contains("judged relevance: hit and MRR at the first passage of grade 2 or more")
                .contains("bm25           1.000 [0.541,1.000] 1.000 [0.541,1.000]")
                .contains("bm25: hit@1 0.000 by evidence, 1.000 judged; MRR@3 0.500 by evidence, 1.000 judged;");
        assertThat(ws.resolve("runs/bm25.judged.run")).exists();
    }

    @Test
    void judgingOptions_withoutJudgedRelevance_orDryRunWithoutJudgeOnly_areUsageErrors() {
        assertThat(run("--workspace", dir.toString(), "benchmark", "--docs", "d", "--judge-only"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("raglens benchmark: --judge-only grades passages for judged relevance; add --relevance"
                        + " judged");
        assertThat(run("--workspace", dir.toString(), "benchmark", "--docs", "d", "--relevance", "judged", "--batch"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("raglens benchmark: --batch applies to the grading alone; add --judge-only");
    }

    @Test
    void judgeProviderWithoutChatModels_isAUsageErrorNamingTheOption() {
        assertThat(run(
                        "--workspace",
                        dir.toString(),
                        "benchmark",
                        "--docs",
                        "d",
                        "--relevance",
                        "judged",
                        "--judge-provider",
                        "onnx"))
                .isEqualTo(2);
        assertThat(err.toString())
                .startsWith("raglens benchmark: --judge-provider: provider 'onnx' has no chat models; choose"
                        + " ollama, openai or groq\n");
    }
}
