package io.github.raglens.benchmarks;

import io.github.raglens.RagLens;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.studio.Studio;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * Server time per studio page on a workspace of many questions, retrievers and runs, made by the real
 * pipeline (ingest, import, benchmark three times) from a generated Markdown corpus with one evidence
 * sentence per section. Each page is requested many times; the server's own time ({@code
 * Server-Timing}) is reported as median and 95th percentile, the first (cold) request apart, beside
 * the time {@code raglens report} takes to write the static report of the same workspace.
 */
@Command(
        name = "studio",
        description = "Studio: server time per page (runs, trends, compare, question) on a workspace of"
                + " 1,000 questions × 7 retrievers × 3 runs; the static report's time beside it.")
final class StudioBenchmark implements Callable<Integer> {

    @Option(names = "--questions", defaultValue = "1000", description = "Questions (one per generated section).")
    int questions;

    @Option(names = "--retrievers", defaultValue = "7", description = "Retrievers: bm25 and keyword variants.")
    int retrievers;

    @Option(names = "--runs", defaultValue = "3", description = "Benchmark runs in the workspace.")
    int runs;

    @Option(names = "--requests", defaultValue = "50", description = "Requests per page after the first.")
    int requests;

    @Option(names = "--seed", defaultValue = "7", description = "Seed of the generated corpus.")
    long seed;

    private final HttpClient http = HttpClient.newHttpClient();

    @Override
    public Integer call() throws Exception {
        Path dir = Files.createTempDirectory("raglens-studio-bench");
        Path ws = dir.resolve("ws");
        long t0 = System.nanoTime();
        Path docs = corpus(dir.resolve("docs"));
        RagLens first = lens(ws, 0);
        first.ingest(docs);
        first.index();
        first.importQuestions(
                questionFile(dir, ChunksFile.read(first.workspace().chunks())));
        for (int run = 0; run < runs; run++) {
            lens(ws, run).benchmark();
        }
        System.out.printf(
                Locale.ROOT,
                "workspace: %d questions × %d retrievers × %d runs made in %.1f s%n",
                questions,
                retrievers,
                runs,
                (System.nanoTime() - t0) / 1e9);
        long r0 = System.nanoTime();
        first.report();
        double reportMillis = (System.nanoTime() - r0) / 1e6;

        Figures figures = new Figures("studio")
                .put("questions", questions)
                .put("retrievers", retrievers)
                .put("runs", runs)
                .put("requestsPerPage", requests)
                .put("staticReportMillis", reportMillis);
        List<String> ids = first.storedQuestions().stream().map(q -> q.id()).toList();
        try (Studio studio = Studio.builder(ws).port(0).start()) {
            Map<String, List<String>> pages = new LinkedHashMap<>();
            pages.put("runs", List.of("/"));
            pages.put("trends", List.of("/trends?metric=retrieval:hit@5", "/trends?metric=retrieval:ndcg@10"));
            pages.put("compare", List.of("/compare?a=1&b=" + runs, "/compare?a=1&b=2"));
            List<String> questionPaths = new ArrayList<>();
            Random random = new Random(seed);
            for (int i = 0; i < requests; i++) {
                questionPaths.add("/question?id=" + ids.get(random.nextInt(ids.size())));
            }
            pages.put("question", questionPaths);
            double worstMedian = 0;
            for (Map.Entry<String, List<String>> page : pages.entrySet()) {
                List<String> paths = page.getValue();
                double cold = serverMillis(studio, paths.get(0));
                double[] warm = new double[requests];
                for (int i = 0; i < requests; i++) {
                    warm[i] = serverMillis(studio, paths.get(i % paths.size()));
                }
                double median = Figures.median(warm);
                double p95 = percentile(warm, 95);
                worstMedian = Math.max(worstMedian, median);
                System.out.printf(
                        Locale.ROOT,
                        "%-8s first %.1f ms, then median %.1f ms, p95 %.1f ms over %d requests%n",
                        page.getKey(),
                        cold,
                        median,
                        p95,
                        requests);
                figures.put(page.getKey() + "FirstMillis", cold)
                        .put(page.getKey() + "MedianMillis", median)
                        .put(page.getKey() + "P95Millis", p95);
            }
            figures.put("slowestPageMedianMillis", worstMedian)
                    .put("slowestPageMedianOverStaticReport", worstMedian / reportMillis)
                    .put("targetMedianMillis", 300);
        }
        figures.print();
        return 0;
    }

    /** The server's own time for a page, from its {@code Server-Timing} header. */
    private double serverMillis(Studio studio, String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(
                HttpRequest.newBuilder(URI.create(studio.url() + path.substring(1)))
                        .build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            throw new IllegalStateException(path + " answered " + r.statusCode() + ": " + r.body());
        }
        String timing = r.headers().firstValue("Server-Timing").orElseThrow();
        return Double.parseDouble(timing.substring(timing.indexOf("dur=") + 4));
    }

    private static double percentile(double[] samples, double p) {
        double[] s = samples.clone();
        java.util.Arrays.sort(s);
        return s[Math.max(0, (int) Math.ceil(p / 100 * s.length) - 1)];
    }

    private RagLens lens(Path ws, int run) {
        RagLens.Builder b =
                RagLens.builder().workspace(ws).relevance(Relevance.EVIDENCE).bm25();
        for (int i = 1; i < retrievers; i++) {
            // the last keyword retriever gets worse on every run after the first, so runs differ
            boolean worse = i == retrievers - 1 && run > 0;
            b.retriever(new Keywords("keywords-" + i, ws, 3 + i, worse ? run : 0));
        }
        return b.build();
    }

    /** Generated Markdown: sections of filler sentences, each with one sentence found nowhere else. */
    private Path corpus(Path docs) throws IOException {
        Files.createDirectories(docs);
        Random random = new Random(seed);
        String[] words = vocabulary(random, 3_000);
        int perDocument = 25;
        for (int d = 0; d * perDocument < questions; d++) {
            StringBuilder md = new StringBuilder("# Document " + d + "\n\n");
            for (int s = 0; s < perDocument && d * perDocument + s < questions; s++) {
                int n = d * perDocument + s;
                md.append("## Section ").append(n).append("\n\n");
                for (int k = 0; k < 6; k++) {
                    md.append(sentence(random, words, 14)).append(' ');
                }
                md.append("The marker term zq")
                        .append(n)
                        .append(" appears only in ")
                        .append(sentence(random, words, 8))
                        .append(' ');
                for (int k = 0; k < 4; k++) {
                    md.append(sentence(random, words, 14)).append(' ');
                }
                md.append("\n\n");
            }
            Files.writeString(docs.resolve("doc-" + d + ".md"), md, StandardCharsets.UTF_8);
        }
        return docs;
    }

    private static String[] vocabulary(Random random, int size) {
        Set<String> out = new HashSet<>();
        while (out.size() < size) {
            StringBuilder w = new StringBuilder();
            int len = 4 + random.nextInt(6);
            for (int i = 0; i < len; i++) {
                w.append((char) ('a' + random.nextInt(26)));
            }
            out.add(w.toString());
        }
        return out.stream().sorted().toArray(String[]::new);
    }

    private static String sentence(Random random, String[] words, int length) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            s.append(i == 0 ? "" : " ").append(words[random.nextInt(words.length)]);
        }
        return s.append('.').toString();
    }

    /** One question per chunk holding a marker sentence, its evidence that sentence. */
    private Path questionFile(Path dir, List<Chunk> chunks) throws IOException {
        StringBuilder lines = new StringBuilder();
        int n = 0;
        for (Chunk c : chunks) {
            int at = c.text().indexOf("The marker term zq");
            if (at < 0 || n == questions) {
                continue;
            }
            int end = c.text().indexOf('.', at);
            String evidence = c.text().substring(at, end + 1);
            String question = "Where does " + evidence.substring("The marker term ".length(), end - at) + " come up?";
            lines.append(String.format(
                    Locale.ROOT,
                    "{\"id\":\"q%d\",\"question\":\"%s\",\"answer\":\"%s\",\"evidence\":\"%s\"}%n",
                    n,
                    question,
                    evidence,
                    evidence));
            n++;
        }
        Path file = dir.resolve("questions.jsonl");
        Files.writeString(file, lines, StandardCharsets.UTF_8);
        return file;
    }

    /** Ranks chunks by shared words of at least {@code minLength} letters; {@code skip} drops that many top hits for every other query. */
    private record Keywords(String name, Path ws, int minLength, int skip) implements Retriever {

        private static final Map<Path, List<Map.Entry<Chunk, Set<String>>>> INDEXES = new HashMap<>();

        @Override
        public RetrievalResult retrieve(String query, int k) {
            Set<String> words = words(query, minLength);
            List<Map.Entry<Chunk, Set<String>>> index = index(ws);
            List<Map.Entry<Chunk, Long>> scored = new ArrayList<>(index.size());
            for (Map.Entry<Chunk, Set<String>> e : index) {
                long overlap = words.stream().filter(e.getValue()::contains).count();
                if (overlap > 0) {
                    scored.add(Map.entry(e.getKey(), overlap));
                }
            }
            scored.sort(Comparator.comparing((Map.Entry<Chunk, Long> e) -> -e.getValue())
                    .thenComparing(e -> e.getKey().id()));
            int from = Math.floorMod(query.hashCode(), 2) == 0 ? Math.min(skip, scored.size()) : 0;
            List<RetrievedChunk> hits = new ArrayList<>();
            for (int i = from; i < scored.size() && hits.size() < k; i++) {
                hits.add(RetrievedChunk.of(
                        hits.size() + 1, scored.get(i).getValue(), scored.get(i).getKey()));
            }
            return new RetrievalResult(name, query, hits, 1_000);
        }

        private static synchronized List<Map.Entry<Chunk, Set<String>>> index(Path ws) {
            return INDEXES.computeIfAbsent(
                    ws,
                    w -> ChunksFile.read(w.resolve("chunks.jsonl")).stream()
                            .map(c -> Map.entry(c, words(c.text(), 1)))
                            .toList());
        }

        private static Set<String> words(String s, int minLength) {
            Set<String> out = new HashSet<>();
            for (String w : s.toLowerCase(Locale.ROOT).split("\\W+")) {
                if (w.length() >= minLength) {
                    out.add(w);
                }
            }
            return out;
        }
    }
}
