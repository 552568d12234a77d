package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.store.ChunksFile;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code raglens index} runs the facade's index stage with the chosen embedding provider. */
class IndexCommandTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path docs() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(
                docs.resolve("a.md"),
                "# Tides\n\nTidal power turns the rise and fall of the sea into electricity.\n\n"
                        + "## Barrages\n\nA barrage holds water back at high tide and lets it through turbines.\n");
        return docs;
    }

    @Test
    void index_thenRerun_isCurrent_andDoesNotEmbedAgain() throws IOException {
        Path docs = docs();
        Path ws = dir.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "ingest", "--docs", docs.toString()))
                .isZero();
        assertThat(run("--workspace", ws.toString(), "index", "--docs", docs.toString()))
                .as(err.toString())
                .isZero();
        assertThat(out.toString())
                .containsPattern("index "
                        + java.util.regex.Pattern.quote(ws.resolve("index").toString())
                        + ": \\d+ chunks \\(indexed in \\d+ s\\), model bge-small-en-v1.5\\S*, dimension 384");
        out.getBuffer().setLength(0);
        assertThat(run("--workspace", ws.toString(), "index", "--docs", docs.toString()))
                .isZero();
        assertThat(out.toString()).contains("(already current), model bge-small-en-v1.5");
    }

    @Test
    void benchmark_embedsQueriesWithTheIndexModel_whenNoneIsNamed() throws IOException {
        Path docs = docs();
        Path ws = dir.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "ingest", "--docs", docs.toString()))
                .isZero();
        assertThat(run(
                        "--workspace",
                        ws.toString(),
                        "index",
                        "--docs",
                        docs.toString(),
                        "--embedding-model",
                        "all-MiniLM-L6-v2"))
                .as(err.toString())
                .isZero();
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(ws.resolve("questions.jsonl"), QuestionSample.class, QuestionSample::sourceChunkId)) {
            for (Chunk c : ChunksFile.read(ws.resolve("chunks.jsonl"))) {
                String evidence = c.text().substring(0, Math.min(30, c.text().length()));
                store.append(new QuestionSample(
                        "q-" + c.id(),
                        "What does " + c.sectionPath() + " say?",
                        c.text(),
                        evidence,
                        c.id(),
                        c.documentId(),
                        c.sectionId(),
                        QuestionStatus.SUCCESS,
                        "",
                        false,
                        "hand/written"));
            }
        }
        out.getBuffer().setLength(0);
        assertThat(run("--workspace", ws.toString(), "benchmark", "--docs", docs.toString(), "--retrievers", "dense"))
                .as(err.toString())
                .isZero();
        assertThat(out.toString()).contains("relevance chunk").containsPattern("(?m)^dense ");
    }

    @Test
    void noChunks_saysToIngestFirst() throws IOException {
        Path docs = docs();
        Path ws = dir.resolve("ws");
        assertThat(run("--workspace", ws.toString(), "index", "--docs", docs.toString()))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens: no chunks at " + ws.resolve("chunks.jsonl") + "; run first: raglens --workspace "
                        + ws + " ingest --docs " + docs + System.lineSeparator());
    }

    @Test
    void providerWithoutEmbeddings_isAUsageError() throws IOException {
        assertThat(run(
                        "--workspace",
                        dir.toString(),
                        "index",
                        "--docs",
                        docs().toString(),
                        "--embedding-provider",
                        "groq"))
                .isEqualTo(2);
        assertThat(err.toString())
                .startsWith(
                        "raglens index: --embedding-provider: no embedding model for provider 'groq'; choose onnx, ollama"
                                + " or openai");
    }

    @Test
    void unknownLocalModel_isAUsageError() throws IOException {
        assertThat(run("--workspace", dir.toString(), "index", "--docs", docs().toString(), "--embedding-model", "e5"))
                .isEqualTo(2);
        assertThat(err.toString())
                .startsWith(
                        "raglens index: unknown embedding model 'e5'; local models are bge-small-en-v1.5 (default) and"
                                + " all-MiniLM-L6-v2");
    }

    @Test
    void missingKey_isOneActionableLine() throws IOException {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("OPENAI_API_KEY") == null);
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("OPENAI_BASE_URL") == null);
        org.junit.jupiter.api.Assumptions.assumeFalse(Files.exists(Path.of(".env")));
        assertThat(run(
                        "--workspace",
                        dir.toString(),
                        "index",
                        "--docs",
                        docs().toString(),
                        "--embedding-provider",
                        "openai"))
                .isEqualTo(1);
        assertThat(err.toString())
                .isEqualTo("raglens: OPENAI_API_KEY is not set; export it or put it in .env, or choose"
                        + " --embedding-provider ollama" + System.lineSeparator());
    }
}
