package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.testdata.TinyBeir;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BeirCommandTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path dataset() {
        return TinyBeir.write(tmp);
    }

    @Test
    void beir_bm25_printsMetricsAndWritesATrecRun() throws Exception {
        Path ws = tmp.resolve("ws");
        assertThat(run(
                        "--workspace",
                        ws.toString(),
                        "--quiet",
                        "beir",
                        dataset().toString(),
                        "--retrievers",
                        "bm25"))
                .as(err.toString())
                .isZero();
        Path runFile = ws.resolve("beir/tiny/runs/bm25.trec");
        assertThat(out.toString())
                .contains("retriever       nDCG@10 Recall@100   MRR@10")
                .contains("bm25             1.0000     1.0000   1.0000")
                .contains(runFile.toString());
        List<String> lines = Files.readAllLines(runFile);
        assertThat(lines.get(0)).startsWith("q1 Q0 d1 1 ").endsWith(" raglens-bm25");
        assertThat(lines).anySatisfy(l -> assertThat(l).startsWith("q2 Q0 d3 1 "));
    }

    @Test
    void beir_unknownRetriever_isAUsageError() throws Exception {
        assertThat(run("beir", dataset().toString(), "--retrievers", "bm25,colbert"))
                .isEqualTo(2);
        assertThat(err.toString())
                .contains("unknown retriever 'colbert'; use bm25, dense, hybrid, hybrid-rrf, hierarchical,"
                        + " hier-neighbor or neighbor");
    }

    @Test
    void beir_missingDataset_failsNamingTheFile() {
        Path missing = tmp.resolve("nope");
        assertThat(run("beir", missing.toString(), "--retrievers", "bm25")).isEqualTo(1);
        assertThat(err.toString())
                .contains("raglens: cannot parse " + missing.resolve("corpus.jsonl") + ": file not found;");
    }

    @Test
    void index_withoutChunks_tellsToIngestFirst() throws Exception {
        Path ws = tmp.resolve("ws");
        Path docs = Files.createDirectories(tmp.resolve("docs"));
        assertThat(run("--workspace", ws.toString(), "index", "--docs", docs.toString()))
                .isEqualTo(1);
        assertThat(err.toString())
                .contains("raglens: no chunks at " + ws.resolve("chunks.jsonl") + "; run first: raglens --workspace "
                        + ws + " ingest --docs " + docs);
    }
}
