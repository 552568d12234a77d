package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import io.github.raglens.facade.internal.HtmlReport;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.providers.HttpRetriever;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.PairwiseComparison;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.retrieval.RetrievalConfig;
import io.github.raglens.retrieval.Retrievers;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A user's search service, reached over HTTP and chunking the corpus its own way, benchmarked beside
 * raglens's bm25 on the same questions; and a random retriever the statistics must tell from bm25.
 */
class OwnSystemBenchmarkTest {

    @TempDir
    Path dir;

    HttpServer server;
    LuceneIndex windows;
    String url;
    Path corpus;

    /**
     * The service: every document cut into 500-character windows (step 400) with ids of its own,
     * searched with BM25, each result naming its file.
     */
    @BeforeEach
    void startService() throws IOException {
        corpus = SampleCorpus.writeTo(dir.resolve("corpus"));
        List<Chunk> cut = new ArrayList<>();
        try (Stream<Path> files = Files.list(corpus)) {
            for (Path file : files.sorted().toList()) {
                String name = file.getFileName().toString();
                String text = SampleCorpus.markdown(name.substring(0, name.lastIndexOf('.')));
                for (int start = 0; start < text.length(); start += 400) {
                    String window = text.substring(start, Math.min(text.length(), start + 500));
                    String id = "win-" + cut.size();
                    cut.add(ChunkFixtures.fragmentNamed(
                            id, name, id, name, ChunkType.SECTION_FRAGMENT, cut.size(), cut.size(), window));
                }
            }
        }
        windows = LuceneIndex.builder().inMemory().open();
        windows.addAll(cut);
        Retriever bm25 = Retrievers.create(RetrieverKind.BM25, windows, RetrievalConfig.defaults());
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/search", exchange -> {
            JsonNode request = Json.reader().readTree(exchange.getRequestBody());
            ObjectNode reply = Json.objectNode();
            ArrayNode results = reply.putArray("results");
            for (RetrievedChunk hit : bm25.retrieve(
                            request.path("query").asText(), request.path("k").asInt())
                    .hits()) {
                results.addObject()
                        .put("text", hit.chunk().text())
                        .put("id", hit.chunk().id())
                        .put("score", hit.score())
                        .put("source", hit.chunk().documentId());
            }
            byte[] body = Json.writer().writeValueAsBytes(reply);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.sendResponseHeaders(200, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        url = "http://127.0.0.1:" + server.getAddress().getPort() + "/search";
    }

    @AfterEach
    void stopService() {
        server.stop(0);
        windows.close();
    }

    /** Returns k chunks of the corpus drawn at random (seeded), whatever the query. */
    private static Retriever random(List<Chunk> chunks, long seed) {
        Random rnd = new Random(seed);
        return new Retriever() {
            @Override
            public String name() {
                return "random";
            }

            @Override
            public synchronized RetrievalResult retrieve(String query, int k) {
                List<Chunk> pool = new ArrayList<>(chunks);
                java.util.Collections.shuffle(pool, rnd);
                List<RetrievedChunk> hits = new ArrayList<>();
                for (int i = 0; i < Math.min(k, pool.size()); i++) {
                    hits.add(RetrievedChunk.of(i + 1, 1.0 / (i + 1), pool.get(i)));
                }
                return new RetrievalResult("random", query, hits, 0);
            }
        };
    }

    private BenchmarkResult benchmark(Relevance relevance) {
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve("ws-" + relevance))
                .bm25()
                .relevance(relevance)
                .retriever(HttpRetriever.builder("windows-500", url).build())
                .build();
        lens.ingest(corpus);
        lens.index();
        List<Chunk> chunks = ChunksFile.read(lens.workspace().chunks());
        List<QuestionSample> questions = SampleCorpus.questionSamples(chunks);
        return lens.toBuilder().retriever(random(chunks, 42)).build().benchmark(questions, ProgressListener.NONE);
    }

    private static PairwiseComparison comparison(BenchmarkResult r, String a, String b, String metric) {
        return r.comparisons().stream()
                .filter(c -> c.a().equals(a) && c.b().equals(b) && c.metric().equals(metric))
                .findFirst()
                .orElseThrow();
    }

    @Test
    void httpRetrieverWithItsOwnChunking_sitsBesideBm25_onTheSameQuestions_withAPairedTest() {
        BenchmarkResult r = benchmark(Relevance.EVIDENCE);

        assertThat(r.retrievers())
                .extracting(RetrieverSummary::retriever)
                .containsExactly("bm25", "windows-500", "random");
        RetrieverSummary bm25 = r.retriever("bm25");
        RetrieverSummary service = r.retriever("windows-500");
        assertThat(bm25.isExternal()).isFalse();
        assertThat(service.isExternal()).isTrue();
        assertThat(service.origin()).isEqualTo(url);
        assertThat(service.failedQueries()).isZero();
        // every question, the same for both rows
        assertThat(r.perQuestion())
                .filteredOn(q -> q.retriever().equals("windows-500"))
                .hasSize(r.questions());
        assertThat(r.questions()).isEqualTo(SampleCorpus.questions().size());
        double bm25Hit = bm25.metrics().get("hit@10").mean();
        double serviceHit = service.metrics().get("hit@10").mean();
        // plausible: BM25 over whole sections finds nearly all; 500-character windows cut some quotes apart
        assertThat(bm25Hit).isGreaterThan(0.8);
        assertThat(serviceHit).isBetween(0.3, 1.0);
        assertThat(service.meanContextChars()).isBetween(300.0, 500.0);
        // the sample's sections are about as long as the service's windows: no length-fair comparison unasked
        assertThat(r.lengthFair().made()).isFalse();
        PairwiseComparison paired = comparison(r, "bm25", "windows-500", "hit@10");
        assertThat(paired.meanDifference())
                .isCloseTo(bm25Hit - serviceHit, org.assertj.core.api.Assertions.within(1e-9));
        assertThat(paired.pValue()).isBetween(0.0, 1.0);
    }

    @Test
    void randomRetriever_isSignificantlyWorseThanBm25() {
        BenchmarkResult r = benchmark(Relevance.EVIDENCE);

        PairwiseComparison c = comparison(r, "bm25", "random", "hit@5");
        assertThat(c.meanDifference()).isGreaterThan(0.4);
        assertThat(c.pValue()).isLessThan(0.01);
        assertThat(c.significant()).isTrue();
    }

    @Test
    void documentRelevance_mapsTheServicesFileNamesToTheIngestedDocuments() {
        BenchmarkResult r = benchmark(Relevance.DOCUMENT);

        assertThat(r.relevance()).isEqualTo("document");
        assertThat(r.retriever("windows-500").metrics().get("hit@1").mean()).isGreaterThan(0.8);
    }

    @Test
    void lengthFairComparison_andTheExternalRow_areShownInTheReport() throws IOException {
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve("ws-fair"))
                .bm25()
                .relevance(Relevance.EVIDENCE)
                .lengthFair(500)
                .retriever(HttpRetriever.builder("windows-500", url).build())
                .build();
        lens.ingest(corpus);
        lens.index();
        List<QuestionSample> questions =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));
        BenchmarkResult r = lens.benchmark(questions, ProgressListener.NONE);

        assertThat(r.relevance()).isEqualTo("evidence");
        assertThat(r.lengthFair().chars()).isEqualTo(500);
        assertThat(r.lengthFair().reason()).isEqualTo("asked for");
        assertThat(r.lengthFair().retrievers())
                .extracting(RetrieverSummary::retriever)
                .containsExactly("bm25", "windows-500");
        String html = Files.readString(lens.report(questions));
        String chars = String.format(
                java.util.Locale.ROOT, "%.0f", r.retriever("windows-500").meanContextChars());
        assertThat(html)
                .contains("<h3>Length-fair comparison</h3>")
                .contains("Asked for. Each retriever's contexts read in rank order as one text cut into ranks of 500"
                        + " characters")
                .contains("windows-500<br><small>external · " + url + " · context " + chars + " chars</small>");
        assertThat(Files.readString(lens.workspace().reportMarkdown()))
                .contains("| windows-500 (external · " + url + " · context " + chars + " chars) |")
                .contains("## Length-fair comparison (500 characters a rank)");
        // the service's hits are shown with their texts, as raglens's own are, though their ids name no chunk
        BenchmarkResult.QuestionResult first = r.perQuestion().stream()
                .filter(q -> q.retriever().equals("windows-500"))
                .findFirst()
                .orElseThrow();
        int miss = first.ranking().getFirst().startsWith("win-") ? 0 : 1;
        String id = first.ranking().get(miss);
        assertThat(id).startsWith("win-");
        assertThat(first.text(miss)).isNotEmpty();
        assertThat(html)
                .contains("<code>" + id + "</code> <span class=\"path\"></span><div class=\"snippet\">"
                        + HtmlReport.esc(first.text(miss)) + "</div>");
    }
}
