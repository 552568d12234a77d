package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuestionsAndBenchmarkCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @AfterEach
    void restoreSeams() {
        QuestionsCommand.llmFactory = QuestionsCommand::defaultLlm;
        BenchmarkCommand.retrieverFactory = null;
    }

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private List<Chunk> corpus() {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            String text = "Widget model W" + i + " weighs " + (10 + i) + " kilograms. It ships in a blue box.";
            chunks.add(ChunkFixtures.sectionNamed("c" + i, "doc", "s" + i, "doc > s" + i, i, text));
        }
        return chunks;
    }

    static LlmProvider fakeLlm() {
        return new LlmProvider() {
            @Override
            public String modelName() {
                return "fake/cli";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                String user = request.messages().stream()
                        .filter(m -> m.role() == ChatMessage.Role.USER)
                        .findFirst()
                        .orElseThrow()
                        .content();
                String passage = user.substring(user.indexOf("<<<\n") + 4, user.lastIndexOf("\n>>>"));
                String model = passage.split(" ")[2];
                String evidence = passage.substring(0, passage.indexOf('.'));
                return new ChatOutcome.Completed(
                        "{\"status\":\"success\",\"question\":\"How heavy is widget " + model + "?\",\"answer\":\"x\","
                                + "\"evidence\":\"" + evidence + "\"}",
                        TokenUsage.NONE);
            }
        };
    }

    static Retriever exact(List<Chunk> chunks) {
        return new Retriever() {
            @Override
            public String name() {
                return "bm25";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                List<RetrievedChunk> hits = new ArrayList<>();
                int rank = 1;
                for (Chunk c : chunks) {
                    if (query.contains(c.text().split(" ")[2])) {
                        hits.add(RetrievedChunk.of(rank++, 2.0, c));
                    }
                }
                for (Chunk c : chunks) {
                    if (rank <= k && !query.contains(c.text().split(" ")[2])) {
                        hits.add(RetrievedChunk.of(rank, 1.0 / rank, c));
                        rank++;
                    }
                }
                return new RetrievalResult("bm25", query, hits, 0);
            }
        };
    }

    @Test
    void benchmarkWithoutQuestions_tellsTheUserToRunQuestions() {
        Path ws = dir.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "benchmark", "--docs", "pdfs"))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens benchmark: no questions in " + ws.resolve("questions.jsonl")
                        + "; run `raglens --workspace " + ws + " questions --docs pdfs` first"
                        + System.lineSeparator());
    }

    @Test
    void questionsThenBenchmark_writeQuestionsBenchmarkJsonAndRuns() throws Exception {
        Path ws = dir.resolve("ws");
        List<Chunk> chunks = corpus();
        ChunksFile.write(ws.resolve("chunks.jsonl"), chunks);
        QuestionsCommand.llmFactory = (p, m) -> fakeLlm();
        assertThat(run("--workspace", ws.toString(), "questions", "--docs", "pdfs", "--limit", "4"))
                .isZero();
        assertThat(out.toString())
                .contains("questions: 4 chunks asked (4 success, 0 skip, 0 failed), 0 already done")
                .contains("; sampled 4 of 6 unasked chunks across 1 of 1 document (stratified by document, seed 42);");
        assertThat(run("--workspace", ws.toString(), "questions", "--docs", "pdfs"))
                .isZero();
        assertThat(out.toString()).contains("questions: 2 chunks asked (2 success, 0 skip, 0 failed), 4 already done");
        assertThat(Files.readAllLines(ws.resolve("questions.jsonl"))).hasSize(6);

        BenchmarkCommand.retrieverFactory = (names, w) -> List.of(exact(ChunksFile.read(w.resolve("chunks.jsonl"))));
        assertThat(run(
                        "--workspace",
                        ws.toString(),
                        "benchmark",
                        "--docs",
                        "pdfs",
                        "--retrievers",
                        "bm25",
                        "--k",
                        "1,3"))
                .isZero();
        assertThat(out.toString())
                .contains("6 questions, relevance chunk")
                .contains("bm25           1.000 [0.541,1.000]");
        assertThat(ws.resolve("benchmark.json")).exists();
        assertThat(ws.resolve("runs").resolve("bm25.run")).exists();
        assertThat(ws.resolve("runs").resolve("qrels.txt")).exists();
    }

    @Test
    void styledQuestions_costFirstInADryRun_thenTheBenchmarkGivesEachStyleAndBand() {
        Path ws = dir.resolve("ws");
        ChunksFile.write(ws.resolve("chunks.jsonl"), corpus());
        QuestionsCommand.llmFactory = (p, m) -> fakeLlm();

        assertThat(run(
                        "--workspace",
                        ws.toString(),
                        "questions",
                        "--docs",
                        "pdfs",
                        "--styles",
                        "search,natural",
                        "--dry-run"))
                .isZero();
        assertThat(out.toString())
                .startsWith("questions (fake/cli, styles natural,search): 12 calls, ~")
                .contains(" completion tokens, ~$0.00 (one call per question not asked yet, and one to derive the"
                        + " personas when needed; re-asks after a problem not counted); nothing sent");
        assertThat(ws.resolve("questions.jsonl")).doesNotExist();

        assertThat(run("--workspace", ws.toString(), "questions", "--docs", "pdfs", "--styles", "search,natural"))
                .isZero();
        assertThat(out.toString())
                .contains("questions: 12 questions asked (12 success, 0 skip, 0 failed), 0 already"
                        + " done, 12 LLM calls");
        BenchmarkCommand.retrieverFactory = (names, w) -> List.of(exact(ChunksFile.read(w.resolve("chunks.jsonl"))));
        assertThat(run("--workspace", ws.toString(), "benchmark", "--docs", "pdfs", "--retrievers", "bm25", "--k", "1"))
                .isZero();
        assertThat(out.toString())
                .contains("12 questions, relevance chunk")
                .contains("style natural, 6 questions:\n  bm25           hit@1 1.000 [0.541,1.000] mrr@1 1.000"
                        .replace("\n", System.lineSeparator()))
                .contains("style search, 6 questions:")
                .contains("overlap low (0.667 or less), 12 questions:");
    }

    @Test
    void anUnknownStyle_isAUsageError_namingTheStyles() {
        assertThat(run("--workspace", dir.toString(), "questions", "--docs", "d", "--styles", "natural,chatty"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("raglens questions: Invalid value for option '--styles' (LIST): unknown question style"
                        + " 'chatty'; use natural, search, paraphrase, persona or multi-hop");
    }

    @Test
    void quietBenchmark_printsItsResult_beforeOrAfterTheCommand() {
        Path ws = dir.resolve("ws");
        ChunksFile.write(ws.resolve("chunks.jsonl"), corpus());
        QuestionsCommand.llmFactory = (p, m) -> fakeLlm();
        assertThat(run("--workspace", ws.toString(), "--quiet", "questions", "--docs", "pdfs"))
                .isZero();
        assertThat(out.toString()).contains("questions: 6 chunks asked (6 success, 0 skip, 0 failed), 0 already done");
        BenchmarkCommand.retrieverFactory = (names, w) -> List.of(exact(ChunksFile.read(w.resolve("chunks.jsonl"))));
        String[][] quietForms = {
            {
                "--workspace",
                ws.toString(),
                "--quiet",
                "benchmark",
                "--docs",
                "pdfs",
                "--retrievers",
                "bm25",
                "--k",
                "1,3"
            },
            {
                "--workspace",
                ws.toString(),
                "benchmark",
                "--quiet",
                "--docs",
                "pdfs",
                "--retrievers",
                "bm25",
                "--k",
                "1,3"
            }
        };
        for (String[] quiet : quietForms) {
            out.getBuffer().setLength(0);
            assertThat(run(quiet)).as(err.toString()).isZero();
            assertThat(out.toString())
                    .as(String.join(" ", quiet))
                    .contains("6 questions, relevance chunk")
                    .contains("bm25           1.000 [0.541,1.000]")
                    .contains("wrote " + ws.resolve("benchmark.json"));
        }
        assertThat(err.toString()).isEmpty();
    }

    @Test
    void unreachableServer_stopsWithOneActionableLine_afterOneCall() {
        Path ws = dir.resolve("ws");
        ChunksFile.write(ws.resolve("chunks.jsonl"), corpus());
        AtomicInteger calls = new AtomicInteger();
        QuestionsCommand.llmFactory = (p, m) -> new LlmProvider() {
            @Override
            public String modelName() {
                return "ollama/llama3.2";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                calls.incrementAndGet();
                throw new ProviderUnreachableException(
                        "ollama",
                        "llama3.2",
                        "Ollama is not reachable at http://localhost:11434; start it with `ollama serve`, or choose"
                                + " --llm-provider openai",
                        null);
            }
        };
        assertThat(run("--workspace", ws.toString(), "questions", "--docs", "pdfs"))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens: Ollama is not reachable at http://localhost:11434; start it with `ollama serve`,"
                        + " or choose --llm-provider openai" + System.lineSeparator());
        assertThat(calls).hasValue(1);
        assertThat(ws.resolve("questions.jsonl")).as("no empty store left").doesNotExist();
        assertThat(ws.resolve("questions.jsonl.lock")).doesNotExist();
        assertThat(ws.resolve("questions.jsonl.meta.json")).doesNotExist();
    }

    @Test
    void unknownRetrieverOrRelevance_isAUsageError() {
        assertThat(run("--workspace", dir.toString(), "benchmark", "--docs", "d", "--relevance", "doc"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains(
                        "raglens benchmark: Invalid value for option '--relevance': unknown relevance 'doc'; use chunk,"
                                + " section, evidence, document or judged");
        assertThat(run("--workspace", dir.toString(), "questions", "--docs", "d", "--llm-provider", "acme"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("raglens questions: Invalid value for option '--llm-provider': unknown provider 'acme';"
                        + " use onnx, ollama, openai or groq");
        assertThat(run("--workspace", dir.toString(), "questions", "--docs", "d", "--llm-provider", "onnx"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("raglens questions: --llm-provider: provider 'onnx' has no chat models; choose ollama,"
                        + " openai or groq");
    }
}
