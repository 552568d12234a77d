package io.github.raglens.eval.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.eval.trec.TrecEval;
import io.github.raglens.eval.trec.TrecRuns;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.MetricSummary;
import io.github.raglens.result.StyleAndOverlap;
import io.github.raglens.result.TrecEvalOptions;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A multi-hop question has two targets, its two quotes (chunks): each is one relevant document, as
 * {@code trec_eval} counts them, and a passage holding both is one relevant document credited with
 * one target. Every figure here is computed by hand.
 */
class MultiHopMetricsTest {

    @TempDir
    Path dir;

    private static final double L3 = Math.log(3) / Math.log(2);
    private static final double L5 = Math.log(5) / Math.log(2);
    /** The ideal DCG of two relevant documents, at ranks 1 and 2. */
    private static final double IDEAL = 1 + 1 / L3;

    private final Chunk a = MultiHopRelevanceTest.chunk("a", 0, MultiHopRelevanceTest.A);
    private final Chunk b = MultiHopRelevanceTest.chunk("b", 1, MultiHopRelevanceTest.B);
    private final Chunk x = MultiHopRelevanceTest.chunk(
            "x", 2, "Unrelated filler text about the weather in the hills and nothing else.");
    private final Chunk y =
            MultiHopRelevanceTest.chunk("y", 3, "More filler on the price of wool at the autumn market in the town.");
    private final Chunk z = MultiHopRelevanceTest.chunk(
            "z", 4, "A last filler line about the old bridge and the ferry that replaced it.");
    /** A parent passage returning both chunks: it holds both quotes. */
    private final Chunk ab =
            MultiHopRelevanceTest.chunk("ab", 5, MultiHopRelevanceTest.A + " " + MultiHopRelevanceTest.B);

    private final List<Chunk> corpus = List.of(a, b, x, y, z);

    private static QuestionSample hop() {
        return MultiHopRelevanceTest.hop("q-hop", "supplied the valley towns with power for ninety years");
    }

    private static QuestionSample single(String id, Chunk source, String quote) {
        return new QuestionSample(
                id,
                "What does " + source.id() + " say?",
                "it",
                quote,
                source.id(),
                "doc",
                "s-" + source.id(),
                QuestionStatus.SUCCESS,
                "");
    }

    /** The hits of the list, ranked in order with falling scores; {@link #ab} returns chunks a and b. */
    private List<RetrievedChunk> hits(Chunk... ranked) {
        List<RetrievedChunk> out = new ArrayList<>();
        for (int i = 0; i < ranked.length; i++) {
            Chunk c = ranked[i];
            out.add(
                    c == ab
                            ? new RetrievedChunk(i + 1, 10.0 - i, ab, a, List.of(a, b))
                            : RetrievedChunk.of(i + 1, 10.0 - i, c));
        }
        return out;
    }

    /** A retriever answering every question with the same hits. */
    private Retriever returning(String name, Chunk... ranked) {
        List<RetrievedChunk> hits = hits(ranked);
        return FakeRetrievers.returning(name, query -> hits);
    }

    private BenchmarkRunner.Builder runner(Relevance relevance) {
        return BenchmarkRunner.builder()
                .relevance(relevance)
                .ks(1, 2, 3, 5)
                .bootstrap(Bootstrap.of(200, 7, 0.95))
                .pairedTest(PairedRandomizationTest.of(200, 7));
    }

    /** The five cases: both quotes found apart, one, one passage with both, it and a later one, none. */
    private BenchmarkRunner.Builder cases(Relevance relevance) {
        return runner(relevance)
                .retriever(returning("both", x, a, y, b))
                .retriever(returning("one", x, b, y))
                .retriever(returning("together", ab, x, y))
                .retriever(returning("together-then-a", ab, x, a))
                .retriever(returning("none", x, y, z));
    }

    private static Map<String, Double> means(BenchmarkResult report, String retriever) {
        Map<String, Double> out = new LinkedHashMap<>();
        report.retriever(retriever).metrics().forEach((name, m) -> out.put(name, m.mean()));
        return out;
    }

    private static void assertFigures(Map<String, Double> actual, Map<String, Double> expected, String what) {
        expected.forEach((metric, value) ->
                assertThat(actual.get(metric)).as(what + " " + metric).isCloseTo(value, within(1e-12)));
    }

    @Test
    void bothQuotesFoundApart_countTwoRelevantDocuments_byEvidenceAndByChunk() {
        for (Relevance relevance : List.of(Relevance.EVIDENCE, Relevance.CHUNK)) {
            BenchmarkResult report = cases(relevance).build().run(List.of(hop()), corpus);

            // relevant at ranks 2 and 4
            Map<String, Double> expected = new HashMap<>();
            expected.putAll(Map.of("hit@1", 0.0, "hit@2", 1.0, "hit@3", 1.0, "hit@5", 1.0));
            expected.putAll(Map.of("mrr@1", 0.0, "mrr@2", 0.5, "mrr@5", 0.5));
            expected.putAll(Map.of("recall@1", 0.0, "recall@2", 0.5, "recall@3", 0.5, "recall@5", 1.0));
            expected.putAll(Map.of("precision@2", 0.5, "precision@5", 0.4));
            expected.putAll(Map.of("ndcg@1", 0.0, "ndcg@2", (1 / L3) / IDEAL, "ndcg@5", (1 / L3 + 1 / L5) / IDEAL));
            expected.putAll(Map.of("map", (1.0 / 2 + 2.0 / 4) / 2, "r_precision", 0.5));
            assertFigures(means(report, "both"), expected, relevance + " both");
        }
    }

    @Test
    void oneQuoteFound_isHalfTheRecall_andHalfTheAveragePrecision() {
        for (Relevance relevance : List.of(Relevance.EVIDENCE, Relevance.CHUNK)) {
            BenchmarkResult report = cases(relevance).build().run(List.of(hop()), corpus);

            // the second quote's chunk at rank 2, the first nowhere
            Map<String, Double> expected = new HashMap<>();
            expected.putAll(Map.of("hit@1", 0.0, "hit@2", 1.0, "hit@5", 1.0, "mrr@5", 0.5));
            expected.putAll(Map.of("recall@1", 0.0, "recall@2", 0.5, "recall@5", 0.5));
            expected.putAll(Map.of("precision@2", 0.5, "precision@5", 0.2));
            expected.putAll(Map.of("ndcg@2", (1 / L3) / IDEAL, "ndcg@5", (1 / L3) / IDEAL));
            expected.putAll(Map.of("map", (1.0 / 2) / 2, "r_precision", 0.5));
            assertFigures(means(report, "one"), expected, relevance + " one");
        }
    }

    @Test
    void onePassageHoldingBothQuotes_isOneRelevantDocument_creditedWithOneTarget() {
        for (Relevance relevance : List.of(Relevance.EVIDENCE, Relevance.CHUNK)) {
            BenchmarkResult report = cases(relevance).build().run(List.of(hop()), corpus);

            // one relevant document at rank 1: found at once, but one target of two
            Map<String, Double> expected = new HashMap<>();
            expected.putAll(Map.of("hit@1", 1.0, "hit@5", 1.0, "mrr@1", 1.0, "mrr@5", 1.0));
            expected.putAll(Map.of("recall@1", 0.5, "recall@2", 0.5, "recall@5", 0.5));
            expected.putAll(Map.of("precision@1", 1.0, "precision@5", 0.2));
            expected.putAll(Map.of("ndcg@1", 1.0, "ndcg@2", 1 / IDEAL, "ndcg@5", 1 / IDEAL));
            expected.putAll(Map.of("map", 1.0 / 2, "r_precision", 0.5));
            assertFigures(means(report, "together"), expected, relevance + " together");
        }
    }

    @Test
    void aPassageHoldingBoth_takesTheTargetNoLaterHitReaches_soALaterHitFindsTheOther() {
        for (Relevance relevance : List.of(Relevance.EVIDENCE, Relevance.CHUNK)) {
            BenchmarkResult report = cases(relevance).build().run(List.of(hop()), corpus);

            // the passage takes the second quote's target, chunk a at rank 3 the first's: ranks 1 and 3
            Map<String, Double> expected = new HashMap<>();
            expected.putAll(Map.of("hit@1", 1.0, "mrr@5", 1.0, "recall@2", 0.5, "recall@3", 1.0, "recall@5", 1.0));
            expected.putAll(Map.of("ndcg@3", (1 + 1.0 / 2) / IDEAL, "precision@3", 2.0 / 3));
            expected.putAll(Map.of("map", (1 + 2.0 / 3) / 2, "r_precision", 0.5));
            assertFigures(means(report, "together-then-a"), expected, relevance + " together-then-a");
        }
        QuestionResult row = cases(Relevance.EVIDENCE).build().run(List.of(hop()), corpus).perQuestion().stream()
                .filter(r -> r.retriever().equals("together-then-a"))
                .findFirst()
                .orElseThrow();
        assertThat(row.ranking()).containsExactly("evidence2:q-hop", "x", "evidence:q-hop");
        assertThat(row.targets()).containsExactly("evidence:q-hop", "evidence2:q-hop");
        assertThat(row.firstRelevantRank()).isEqualTo(1);
    }

    @Test
    void theGatesBaseline_scoresEachQuestionOnBothTargets_asTheBenchmarkDid() {
        BenchmarkResult report = cases(Relevance.EVIDENCE).build().run(List.of(hop()), corpus);

        Baseline baseline = BaselineRecorder.fromBenchmark(report);

        for (RetrieverSummary s : report.retrievers()) {
            for (String metric : List.of("ndcg@5", "map")) {
                assertThat(baseline.scores().get(s.retriever()).get(metric).get("q-hop"))
                        .as("%s %s", s.retriever(), metric)
                        .isEqualTo(s.metrics().get(metric).mean());
            }
        }
        assertThat(baseline.scores().get("both").get("map").get("q-hop")).isEqualTo(0.5);
    }

    @Test
    void neitherQuoteFound_scoresZeroOnEveryMetric() {
        BenchmarkResult report = cases(Relevance.EVIDENCE).build().run(List.of(hop()), corpus);

        assertThat(means(report, "none"))
                .allSatisfy((metric, mean) -> assertThat(mean).as(metric).isZero());
    }

    @Test
    void exportedRunsAndQrels_giveTrecEvalTheSameNumbers_withSingleAndMultiHopQuestionsMixed() throws IOException {
        List<QuestionSample> questions = List.of(hop(), single("q-x", x, "Unrelated filler text about the weather"));
        for (Relevance relevance : List.of(Relevance.EVIDENCE, Relevance.CHUNK)) {
            BenchmarkResult report = cases(relevance).build().run(questions, corpus);
            Path runs = dir.resolve(relevance.label());
            List<Path> files = TrecRuns.write(report, runs);

            String first = relevance == Relevance.CHUNK ? "a" : "evidence:q-hop";
            String second = relevance == Relevance.CHUNK ? "b" : "evidence2:q-hop";
            assertThat(Files.readAllLines(files.getFirst()))
                    .containsExactly(
                            "q-hop 0 " + first + " 1",
                            "q-hop 0 " + second + " 1",
                            "q-x 0 " + (relevance == Relevance.CHUNK ? "x" : "evidence:q-x") + " 1");
            for (RetrieverSummary s : report.retrievers()) {
                Map<String, String> trec = trecEval(files.getFirst(), runs.resolve(s.retriever() + ".run"));
                Map<String, MetricSummary> m = s.metrics();
                Map<String, String> ours = new LinkedHashMap<>();
                for (int k : List.of(1, 2, 3, 5)) {
                    ours.put("success_" + k, "hit@" + k);
                    ours.put("recall_" + k, "recall@" + k);
                    ours.put("P_" + k, "precision@" + k);
                    ours.put("ndcg_cut_" + k, "ndcg@" + k);
                }
                ours.put("recip_rank", "mrr@5");
                ours.put("map", "map");
                ours.put("Rprec", "r_precision");
                ours.forEach((measure, metric) -> assertThat(trec.get(measure))
                        .as("%s %s %s", relevance, s.retriever(), measure)
                        .isEqualTo(BenchmarkRunnerTest.TrecEvalFormat.four(
                                m.get(metric).mean())));
            }
        }
    }

    private static Map<String, String> trecEval(Path qrels, Path run) {
        List<String> lines = TrecEval.evaluate(
                qrels,
                run,
                new TrecEvalOptions(
                        List.of(
                                "success.1,2,3,5",
                                "recall.1,2,3,5",
                                "P.1,2,3,5",
                                "ndcg_cut.1,2,3,5",
                                "recip_rank",
                                "map",
                                "Rprec"),
                        false,
                        true,
                        Integer.MAX_VALUE,
                        1));
        Map<String, String> out = new HashMap<>();
        for (String line : lines) {
            String[] f = line.split("\t");
            out.put(f[0].strip(), f[2]);
        }
        return out;
    }

    @Test
    void lengthFair_creditsEachQuoteWhereItEnds_andARankHoldingBothOnce() {
        // "together" returns one context, A then B (151 characters): at 80 characters a rank, A ends in
        // rank 1 and B in rank 2; at 200, both end in rank 1, which counts one of them
        for (int chars : List.of(80, 200)) {
            BenchmarkResult report = runner(Relevance.EVIDENCE)
                    .retriever(returning("together", ab))
                    .lengthFair(chars)
                    .build()
                    .run(List.of(hop()), corpus);
            Map<String, Double> fair = new LinkedHashMap<>();
            report.lengthFair().retrievers().getFirst().metrics().forEach((name, m) -> fair.put(name, m.mean()));

            Map<String, Double> expected = chars == 80
                    ? Map.of("hit@1", 1.0, "recall@1", 0.5, "recall@2", 1.0, "ndcg@2", 1.0, "map", 1.0)
                    : Map.of("hit@1", 1.0, "recall@1", 0.5, "recall@2", 0.5, "ndcg@2", 1 / IDEAL, "map", 0.5);
            assertFigures(fair, expected, chars + " characters a rank");
        }
    }

    @Test
    void perStyleTable_givesMultiHopQuestionsTheirHalfRecall_andSingleOnesTheirFull() {
        List<QuestionSample> questions = List.of(hop(), single("q-x", x, "Unrelated filler text about the weather"));

        BenchmarkResult report = runner(Relevance.EVIDENCE)
                .retriever(returning("one", x, b, y))
                .build()
                .run(questions, corpus);

        List<StyleAndOverlap.Group> byStyle = report.styleAndOverlap().rows(StyleAndOverlap.BY_STYLE, "multi-hop");
        assertThat(byStyle).hasSize(1);
        assertThat(byStyle.getFirst().metrics().get("hit@5").mean()).isEqualTo(1.0);
        assertThat(byStyle.getFirst().metrics().get("recall@5").mean()).isEqualTo(0.5);
        List<StyleAndOverlap.Group> natural = report.styleAndOverlap().rows(StyleAndOverlap.BY_STYLE, "natural");
        assertThat(natural.getFirst().metrics().get("recall@5").mean()).isEqualTo(1.0);
        assertThat(report.retriever("one").metrics().get("recall@5").mean()).isEqualTo(0.75);
    }

    /**
     * Random multi-hop and single questions, hits with tied scores, repeated chunks and contexts of
     * several chunks: each ranking credits as many targets as a one-to-one matching of hits to targets
     * can, each at most once, and {@code trec_eval} on the exported files gives every mean.
     */
    @Test
    void randomRankingsWithTies_creditTheMostTargetsOnce_andExportWhatTrecEvalReproduces() {
        long seed = Long.getLong("raglens.seed", 3_737L);
        Random random = new Random(seed);
        String[] words = {"amber", "basalt", "cedar", "delta", "ember", "fjord", "granite", "harbor", "island", "jade"};
        List<Chunk> pool = new ArrayList<>();
        for (int c = 0; c < 10; c++) {
            String sentence = "The " + words[c] + " gauge by the river reads " + (c + 11) + " units today.";
            pool.add(ChunkFixtures.sectionNamed(
                    "c" + c, "doc", "s" + c / 2, "doc > s" + c / 2, c, "Intro " + c + ". " + sentence + " Outro."));
        }
        List<QuestionSample> questions = new ArrayList<>();
        Map<String, List<RetrievedChunk>> answers = new HashMap<>();
        for (int q = 0; q < 40; q++) {
            int first = random.nextInt(10);
            int second = (first + 1 + random.nextInt(9)) % 10;
            boolean multiHop = q % 4 != 0;
            String text = "Question " + q + "?";
            questions.add(new QuestionSample(
                    "q" + q,
                    text,
                    "r",
                    quote(pool.get(first)),
                    "c" + first,
                    "doc",
                    "s" + first / 2,
                    QuestionStatus.SUCCESS,
                    "",
                    false,
                    "m",
                    multiHop ? QuestionStyle.MULTI_HOP : QuestionStyle.NATURAL,
                    "",
                    multiHop ? "c" + second : "",
                    multiHop ? quote(pool.get(second)) : "",
                    OptionalDouble.empty()));
            List<RetrievedChunk> hits = new ArrayList<>();
            for (int h = 0, n = random.nextInt(8); h < n; h++) {
                double score = random.nextInt(3) / 2.0;
                Chunk matched = pool.get(random.nextInt(10));
                hits.add(
                        random.nextBoolean()
                                ? RetrievedChunk.of(h + 1, score, matched)
                                : new RetrievedChunk(
                                        h + 1,
                                        score,
                                        pool.get(random.nextInt(10)),
                                        matched,
                                        List.of(matched, pool.get(random.nextInt(10)))));
            }
            answers.put(text, hits);
        }
        Retriever retriever = FakeRetrievers.returning("random", answers::get);
        for (Relevance relevance : List.of(Relevance.EVIDENCE, Relevance.CHUNK)) {
            BenchmarkResult report =
                    runner(relevance).retriever(retriever).build().run(questions, pool);
            assertThat(report.questions()).as("seed %d", seed).isEqualTo(40);
            Map<String, QuestionSample> byId = new HashMap<>();
            questions.forEach(q -> byId.put(q.id(), q));
            Set<Long> seen = new HashSet<>();
            for (QuestionResult r : report.perQuestion()) {
                QuestionSample q = byId.get(r.questionId());
                long credited = r.ranking().stream().filter(r::isTarget).count();
                assertThat(r.ranking().stream().filter(r::isTarget).distinct().count())
                        .as("seed %d %s %s", seed, relevance, r.queryId())
                        .isEqualTo(credited)
                        .isEqualTo(matching(answers.get(q.question()), q, relevance));
                seen.add(credited);
            }
            assertThat(seen)
                    .as("seed %d: questions with 0, 1 and 2 targets found", seed)
                    .contains(0L, 1L, 2L);
            List<Path> files = TrecRuns.write(report, dir.resolve("random-" + relevance.label()));
            Map<String, String> trec = trecEval(files.getFirst(), files.get(1));
            Map<String, MetricSummary> m = report.retriever("random").metrics();
            for (int k : List.of(1, 2, 3, 5)) {
                for (String[] pair : new String[][] {
                    {"success_", "hit@"}, {"recall_", "recall@"}, {"P_", "precision@"}, {"ndcg_cut_", "ndcg@"}
                }) {
                    assertThat(trec.get(pair[0] + k))
                            .as("seed %d %s %s", seed, relevance, pair[0] + k)
                            .isEqualTo(BenchmarkRunnerTest.TrecEvalFormat.four(
                                    m.get(pair[1] + k).mean()));
                }
            }
            assertThat(trec.get("map"))
                    .as("seed %d", seed)
                    .isEqualTo(
                            BenchmarkRunnerTest.TrecEvalFormat.four(m.get("map").mean()));
            assertThat(trec.get("Rprec"))
                    .as("seed %d", seed)
                    .isEqualTo(BenchmarkRunnerTest.TrecEvalFormat.four(
                            m.get("r_precision").mean()));
        }
    }

    /** The sentence of a pool chunk, its evidence quote. */
    private static String quote(Chunk c) {
        String text = c.text();
        return text.substring(text.indexOf("The "), text.indexOf(" Outro."));
    }

    /** The most targets a one-to-one matching of hits to targets credits: 0, 1 or 2. */
    private static int matching(List<RetrievedChunk> hits, QuestionSample q, Relevance relevance) {
        List<String> reachedBy = relevance == Relevance.CHUNK ? q.sourceChunkIds() : q.evidenceQuotes();
        boolean[][] reaches = new boolean[hits.size()][reachedBy.size()];
        int any = 0;
        for (int h = 0; h < hits.size(); h++) {
            RetrievedChunk hit = hits.get(h);
            for (int t = 0; t < reachedBy.size(); t++) {
                String by = reachedBy.get(t);
                reaches[h][t] = relevance == Relevance.CHUNK
                        ? hit.chunk().id().equals(by)
                                || hit.matched().id().equals(by)
                                || hit.context().stream().anyMatch(c -> c.id().equals(by))
                        : hit.contextText().contains(by) || hit.chunk().text().contains(by);
                any |= reaches[h][t] ? 1 : 0;
            }
        }
        for (int h = 0; h < hits.size() && reachedBy.size() == 2; h++) {
            for (int g = 0; g < hits.size(); g++) {
                if (h != g && reaches[h][0] && reaches[g][1]) {
                    return 2;
                }
            }
        }
        return any;
    }
}
