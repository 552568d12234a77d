package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --backend} and the {@code --solr-*} options are checked before any work: a missing or
 * malformed address, or a Solr option without the backend, is a usage error naming the option; a
 * cluster that does not answer stops the command with one line.
 */
class BackendOptionTest {

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    private Path ingested() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(
                docs.resolve("a.md"), "# Tides\n\nTidal power turns the rise and fall of the sea into power.\n");
        assertThat(run("--workspace", dir.resolve("ws").toString(), "--quiet", "ingest", "--docs", docs.toString()))
                .as(err.toString())
                .isZero();
        return docs;
    }

    @Test
    void solrcloudWithoutAddress_isAUsageError() throws IOException {
        ingested();
        assertThat(run("--workspace", dir.resolve("ws").toString(), "index", "--backend", "solrcloud"))
                .isEqualTo(2);
        assertThat(err.toString())
                .isEqualTo("raglens index: --backend solrcloud needs --solr-zk HOST:PORT[/chroot] or --solr-url URL"
                        + System.lineSeparator() + "see raglens index --help" + System.lineSeparator());
    }

    @Test
    void malformedZooKeeperAddress_isAUsageErrorNamingTheForm() {
        assertThat(run("beir", dir.toString(), "--backend", "solrcloud", "--solr-zk", "localhost"))
                .isEqualTo(2);
        assertThat(err.toString())
                .startsWith("raglens beir: --solr-zk: ZooKeeper address 'localhost' is not"
                        + " HOST:PORT[,HOST:PORT...][/chroot]" + System.lineSeparator());
    }

    @Test
    void solrOptionWithoutTheBackend_isAUsageError() {
        assertThat(run("evaluate", "--docs", dir.toString(), "--solr-zk", "zk1:2181/solr"))
                .isEqualTo(2);
        assertThat(err.toString())
                .startsWith("raglens evaluate: --solr-zk needs --backend solrcloud; add it, or drop the --solr-*"
                        + " options" + System.lineSeparator());
    }

    @Test
    void unknownBackend_isAUsageError() {
        assertThat(run("benchmark", "--docs", dir.toString(), "--backend", "elastic"))
                .isEqualTo(2);
        assertThat(err.toString())
                .startsWith("raglens benchmark: --backend must be lucene or solrcloud, was 'elastic'"
                        + System.lineSeparator());
    }

    @Test
    void unreachableCluster_stopsWithOneLineNamingTheAddress() throws IOException {
        ingested();
        int port;
        try (ServerSocket free = new ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/solr";
        assertThat(run(
                        "--workspace",
                        dir.resolve("ws").toString(),
                        "index",
                        "--backend",
                        "solrcloud",
                        "--solr-url",
                        url))
                .isEqualTo(1);
        assertThat(err.toString())
                .startsWith("raglens: cannot reach SolrCloud at " + url + ": ")
                .endsWith("; check --solr-zk or --solr-url and that the cluster is up" + System.lineSeparator())
                .hasLineCount(1);
    }
}
