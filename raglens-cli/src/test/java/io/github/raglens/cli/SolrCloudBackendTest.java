package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.store.ChunksFile;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --backend solrcloud} end to end: the sample corpus indexed and benchmarked through a real
 * two-node SolrCloud (raglens-solr's test cluster, in its own JVM since Solr ships Lucene 9) gives the
 * Lucene backend's bm25 figures and rankings.
 */
class SolrCloudBackendTest {

    private static Process cluster;
    private static String zk;

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void startCluster() throws IOException {
        Path module = Path.of("..", "raglens-solr", "target").toAbsolutePath().normalize();
        Path classpathFile = module.resolve("test-classpath.txt");
        assertThat(classpathFile)
                .as("raglens-solr's test classpath; build it: ./mvnw -pl raglens-cli -am test")
                .exists();
        String classpath = module.resolve("test-classes")
                + java.io.File.pathSeparator
                + module.resolve("classes")
                + java.io.File.pathSeparator
                + Files.readString(classpathFile).strip();
        cluster = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        classpath,
                        "io.github.raglens.solr.ClusterMain")
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        BufferedReader lines =
                new BufferedReader(new InputStreamReader(cluster.getInputStream(), StandardCharsets.UTF_8));
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            if (line.startsWith("zk ")) {
                zk = line.substring(3);
                break;
            }
        }
        assertThat(zk).as("the cluster's ZooKeeper address").isNotNull();
        Thread drain = new Thread(() -> lines.lines().forEach(l -> {}));
        drain.setDaemon(true);
        drain.start();
    }

    @AfterAll
    static void stopCluster() throws Exception {
        if (cluster != null) {
            cluster.getOutputStream().close();
            if (!cluster.waitFor(60, TimeUnit.SECONDS)) {
                cluster.destroyForcibly();
            }
        }
    }

    private int run(String... args) {
        return RaglensCli.run(args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    @Test
    void indexAndBenchmark_throughSolrCloud_giveTheLuceneBackendsBm25Figures() throws IOException {
        Path docs = SampleCorpus.writeTo(dir.resolve("corpus"));
        Path lucene = dir.resolve("lucene");
        Path solr = dir.resolve("solr");
        for (Path ws : List.of(lucene, solr)) {
            assertThat(run("--workspace", ws.toString(), "--quiet", "ingest", "--docs", docs.toString()))
                    .as(err.toString())
                    .isZero();
            writeQuestions(ws);
        }
        String[] solrOptions = {"--backend", "solrcloud", "--solr-zk", zk, "--solr-collection", "sample"};

        assertThat(run("--workspace", lucene.toString(), "index"))
                .as(err.toString())
                .isZero();
        assertThat(run(concat(new String[] {"--workspace", solr.toString(), "index"}, solrOptions)))
                .as(err.toString())
                .isZero();
        assertThat(out.toString())
                .containsPattern("index solrcloud zk " + java.util.regex.Pattern.quote(zk)
                        + " collection sample: \\d+ chunks \\(indexed in \\d+ s\\), model bge-small-en-v1.5");
        String[] benchmark = {"benchmark", "--docs", docs.toString(), "--retrievers", "bm25", "--relevance", "evidence"
        };
        assertThat(run(concat(new String[] {"--workspace", lucene.toString(), "--quiet"}, benchmark)))
                .as(err.toString())
                .isZero();
        assertThat(run(concat(
                        concat(new String[] {"--workspace", solr.toString(), "--quiet"}, benchmark), solrOptions)))
                .as(err.toString())
                .isZero();

        RetrieverSummary fromLucene = bm25(lucene);
        RetrieverSummary fromSolr = bm25(solr);
        assertThat(fromSolr.metrics().get("hit@10").n())
                .isPositive()
                .isEqualTo(fromLucene.metrics().get("hit@10").n());
        assertThat(means(fromSolr)).isEqualTo(means(fromLucene));
        assertThat(rankings(solr)).isEqualTo(rankings(lucene));

        out.getBuffer().setLength(0);
        assertThat(run(concat(new String[] {"--workspace", solr.toString(), "index"}, solrOptions)))
                .as(err.toString())
                .isZero();
        assertThat(out.toString()).contains("(already current), model bge-small-en-v1.5");
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    /** The sample corpus's hand-checked questions as the workspace's question set. */
    private static void writeQuestions(Path ws) {
        List<QuestionSample> samples = SampleCorpus.questionSamples(ChunksFile.read(ws.resolve("chunks.jsonl")));
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(ws.resolve("questions.jsonl"), QuestionSample.class, QuestionSample::sourceChunkId)) {
            for (QuestionSample q : samples) {
                store.append(new QuestionSample(
                        q.id(),
                        q.question(),
                        q.referenceAnswer(),
                        q.evidence(),
                        q.sourceChunkId(),
                        q.documentId(),
                        q.sectionId(),
                        QuestionStatus.SUCCESS,
                        "",
                        false,
                        "hand/written"));
            }
        }
    }

    private static RetrieverSummary bm25(Path ws) throws IOException {
        BenchmarkResult report = Json.reader()
                .forType(BenchmarkResult.class)
                .readValue(ws.resolve("benchmark.json").toFile());
        return report.retrievers().stream()
                .filter(r -> r.retriever().equals("bm25"))
                .findFirst()
                .orElseThrow();
    }

    private static Map<String, Double> means(RetrieverSummary r) {
        return r.metrics().entrySet().stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().mean()));
    }

    /** The bm25 run file's query and document columns, in rank order. */
    private static List<String> rankings(Path ws) throws IOException {
        try (var lines = Files.lines(ws.resolve("runs").resolve("bm25.run"))) {
            return lines.map(l -> l.split("\\s+"))
                    .map(f -> f[0] + " " + f[2] + " " + f[3])
                    .toList();
        }
    }
}
