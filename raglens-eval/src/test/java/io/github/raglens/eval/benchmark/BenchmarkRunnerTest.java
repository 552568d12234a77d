package io.github.raglens.eval.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.eval.stats.Power;
import io.github.raglens.eval.trec.TrecEval;
import io.github.raglens.eval.trec.TrecRuns;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.Breakdown;
import io.github.raglens.result.BenchmarkResult.LatencyTiming;
import io.github.raglens.result.BenchmarkResult.PairwiseComparison;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.MetricSummary;
import io.github.raglens.result.TrecEvalOptions;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class BenchmarkRunnerTest {

    @TempDir
    Path dir;

    final List<Chunk> corpus = new ArrayList<>();
    final List<QuestionSample> questions = new ArrayList<>();
    final Map<String, String> sourceOf = new HashMap<>();

    BenchmarkRunnerTest() {
        for (int d = 0; d < 3; d++) {
            for (int c = 0; c < 10; c++) {
                String id = "d" + d + "-c" + c;
                ChunkType type = c % 4 == 3 ? ChunkType.TABLE_FRAGMENT : ChunkType.SECTION_FRAGMENT;
                corpus.add(ChunkFixtures.fragmentNamed(
                        id,
                        "doc" + d,
                        "doc" + d + "-s" + (c / 2),
                        "doc" + d + " > s" + (c / 2),
                        type,
                        c % 2,
                        c,
                        "Chunk " + id + " says that fact " + id + " holds for widget " + c + "."));
                String question = "Which fact holds for " + id + "?";
                questions.add(new QuestionSample(
                        "q-" + id,
                        question,
                        "fact " + id,
                        "Chunk " + id + " says that fact " + id + " holds",
                        id,
                        "doc" + d,
                        "doc" + d + "-s" + (c / 2),
                        QuestionStatus.SUCCESS,
                        ""));
                sourceOf.put(question, id);
            }
        }
    }

    private BenchmarkRunner.Builder runner() {
        return BenchmarkRunner.builder()
                .bootstrap(Bootstrap.of(2_000, 42, 0.95))
                .pairedTest(PairedRandomizationTest.of(2_000, 42));
    }

    @Test
    void pairTests_sayWhatDifferenceTheQuestionSetDetects_fromThePairedSpread() {
        BenchmarkResult report = runner().retriever(FakeRetrievers.sourceAt("oracle", 1, corpus, sourceOf))
                .retriever(FakeRetrievers.random("random", corpus, 7))
                .build()
                .run(questions, corpus);
        double[] oracle = hitAt1(report, "oracle");
        double[] random = hitAt1(report, "random");
        PairwiseComparison hit1 = report.comparisons().stream()
                .filter(c -> c.metric().equals("hit@1"))
                .findFirst()
                .orElseThrow();

        // what the Holm-corrected test over every comparison of the report detects in 80% of runs
        assertThat(hit1.minDetectableEffect().getAsDouble())
                .isPositive()
                .isCloseTo(
                        Power.detectable(
                                        Power.Spread.of(oracle, random).orElseThrow(),
                                        Power.Rule.pairwise(
                                                0.05, report.comparisons().size()),
                                        30,
                                        0.8)
                                .getAsDouble(),
                        within(1e-12));
    }

    private static double[] hitAt1(BenchmarkResult report, String retriever) {
        return report.perQuestion().stream()
                .filter(r -> r.retriever().equals(retriever))
                .sorted(Comparator.comparing(QuestionResult::queryId))
                .mapToDouble(r -> r.firstRelevantRank() == 1 ? 1 : 0)
                .toArray();
    }

    @Test
    void fiveRetrievers_metricsIntervalsTestsAndBreakdowns() {
        BenchmarkResult report = runner().retriever(FakeRetrievers.sourceAt("oracle", 1, corpus, sourceOf))
                .retriever(FakeRetrievers.sourceAt("second", 2, corpus, sourceOf))
                .retriever(FakeRetrievers.sourceAt("never", 0, corpus, sourceOf))
                .retriever(FakeRetrievers.random("random", corpus, 7))
                .retriever(FakeRetrievers.hierarchical("hier", corpus, sourceOf))
                .build()
                .run(questions, corpus);
        assertThat(report.questions()).isEqualTo(30);
        RetrieverSummary oracle = report.retriever("oracle");
        assertThat(oracle.metrics().get("hit@1").mean()).isEqualTo(1.0);
        assertThat(oracle.metrics().get("ndcg@10").mean()).isEqualTo(1.0);
        assertThat(oracle.metrics().get("precision@5").mean()).isCloseTo(0.2, within(1e-12));
        RetrieverSummary second = report.retriever("second");
        assertThat(second.metrics().get("hit@1").mean()).isZero();
        assertThat(second.metrics().get("hit@3").mean()).isEqualTo(1.0);
        assertThat(second.metrics().get("mrr@10").mean()).isEqualTo(0.5);
        assertThat(second.metrics().get("map").mean()).isEqualTo(0.5);
        assertThat(report.retriever("never").metrics().get("hit@10").mean()).isZero();
        // The hierarchical fake returns the parent; chunk relevance counts its matched child.
        RetrieverSummary hier = report.retriever("hier");
        assertThat(hier.metrics().get("hit@1").mean()).isEqualTo(1.0);
        assertThat(hier.metrics().get("child_hit@1").mean()).isEqualTo(1.0);
        assertThat(hier.metrics().get("section_hit@1").mean()).isEqualTo(1.0);
        MetricSummary random = report.retriever("random").metrics().get("hit@5");
        assertThat(random.lower()).isLessThanOrEqualTo(random.mean());
        assertThat(random.upper()).isGreaterThanOrEqualTo(random.mean());
        assertThat(random.n()).isEqualTo(30);
        PairwiseComparison oracleVsNever = report.comparisons().stream()
                .filter(c -> c.a().equals("oracle")
                        && c.b().equals("never")
                        && c.metric().equals("hit@1"))
                .findFirst()
                .orElseThrow();
        assertThat(oracleVsNever.meanDifference()).isEqualTo(1.0);
        assertThat(oracleVsNever.pValue()).isLessThan(0.001);
        assertThat(report.comparisons()).hasSize(10 * 7);
        assertThat(report.breakdowns())
                .filteredOn(b -> b.by().equals("chunk_type") && b.retriever().equals("oracle"))
                .extracting(Breakdown::group)
                .containsExactly("SECTION_FRAGMENT", "TABLE_FRAGMENT");
        assertThat(report.breakdowns())
                .filteredOn(b -> b.by().equals("document"))
                .hasSize(3 * 5);
        assertThat(report.perQuestion()).hasSize(150);
        assertThat(report.meanLexicalOverlap()).isBetween(0.5, 1.0);
        assertThat(report.warnings()).isEmpty();
    }

    @Test
    void retrievalOnSeveralThreads_givesTheSameResultsAsOneQueryAtATime() {
        IntFunction<BenchmarkResult> run = threads -> runner().retrievalThreads(threads)
                .retriever(FakeRetrievers.random("random", corpus, 5))
                .retriever(FakeRetrievers.hierarchical("hier", corpus, sourceOf))
                .build()
                .run(questions, corpus);
        BenchmarkResult alone = run.apply(1);
        BenchmarkResult together = run.apply(4);
        for (String r : List.of("random", "hier")) {
            assertThat(together.retriever(r).metrics())
                    .isEqualTo(alone.retriever(r).metrics());
        }
        assertThat(together.perQuestion())
                .extracting(q -> q.retriever() + " " + q.queryId() + " " + q.ranking() + " " + q.scores())
                .containsExactlyElementsOf(alone.perQuestion().stream()
                        .map(q -> q.retriever() + " " + q.queryId() + " " + q.ranking() + " " + q.scores())
                        .toList());
        assertThat(together.perQuestion())
                .allSatisfy(q -> assertThat(q.latencyMillis()).isPositive());
    }

    @Test
    void reportMetrics_areTheRetrievalMetricsFunctionsOfEachRanking() {
        BenchmarkResult report = runner().retriever(FakeRetrievers.random("random", corpus, 11))
                .build()
                .run(questions, corpus);
        List<QuestionResult> rows = report.perQuestion();
        Map<String, MetricSummary> m = report.retriever("random").metrics();
        for (int k : List.of(1, 3, 5, 10)) {
            assertThat(m.get("hit@" + k).mean())
                    .isEqualTo(mean(rows, r -> RetrievalMetrics.hitAt(r.ranking(), Set.of(r.target()), k)));
            assertThat(m.get("mrr@" + k).mean())
                    .isEqualTo(mean(rows, r -> RetrievalMetrics.reciprocalRankAt(r.ranking(), Set.of(r.target()), k)));
            assertThat(m.get("ndcg@" + k).mean())
                    .isEqualTo(mean(rows, r -> RetrievalMetrics.ndcgAt(r.ranking(), Set.of(r.target()), k)));
            assertThat(m.get("recall@" + k).mean())
                    .isEqualTo(mean(rows, r -> RetrievalMetrics.recallAt(r.ranking(), Set.of(r.target()), k)));
            assertThat(m.get("precision@" + k).mean())
                    .isEqualTo(mean(rows, r -> RetrievalMetrics.precisionAt(r.ranking(), Set.of(r.target()), k)));
        }
        assertThat(m.get("map").mean())
                .isEqualTo(mean(rows, r -> RetrievalMetrics.averagePrecision(r.ranking(), Set.of(r.target()))));
        assertThat(m.get("r_precision").mean())
                .isEqualTo(mean(rows, r -> RetrievalMetrics.rPrecision(r.ranking(), Set.of(r.target()))));
        assertThat(m.get("hit@10").mean()).isGreaterThan(0).isLessThan(1);
    }

    private static double mean(List<QuestionResult> rows, java.util.function.ToDoubleFunction<QuestionResult> f) {
        double sum = 0;
        for (QuestionResult r : rows) {
            sum += f.applyAsDouble(r);
        }
        return sum / rows.size();
    }

    @Test
    void exportedRuns_giveTrecEvalTheSameNumbers() {
        BenchmarkResult report = runner().retriever(FakeRetrievers.random("random", corpus, 3))
                .retriever(FakeRetrievers.hierarchical("hier", corpus, sourceOf))
                .ks(1, 3, 5, 10)
                .build()
                .run(questions, corpus);
        List<Path> files = TrecRuns.write(report, dir.resolve("runs"));
        for (RetrieverSummary s : report.retrievers()) {
            Path run = dir.resolve("runs").resolve(s.retriever() + ".run");
            assertThat(files).contains(run);
            List<String> lines = TrecEval.evaluate(
                    files.getFirst(),
                    run,
                    new TrecEvalOptions(
                            List.of("success.1,3,5,10", "P.5", "recip_rank", "ndcg_cut.10", "recall.3", "map"),
                            false,
                            true,
                            Integer.MAX_VALUE,
                            1));
            Map<String, String> trec = new HashMap<>();
            for (String line : lines) {
                String[] f = line.split("\t");
                trec.put(f[0].strip(), f[2]);
            }
            Map<String, MetricSummary> m = s.metrics();
            assertThat(trec.get("success_1"))
                    .isEqualTo(TrecEvalFormat.four(m.get("hit@1").mean()));
            assertThat(trec.get("success_3"))
                    .isEqualTo(TrecEvalFormat.four(m.get("hit@3").mean()));
            assertThat(trec.get("success_10"))
                    .isEqualTo(TrecEvalFormat.four(m.get("hit@10").mean()));
            assertThat(trec.get("P_5"))
                    .isEqualTo(TrecEvalFormat.four(m.get("precision@5").mean()));
            assertThat(trec.get("recall_3"))
                    .isEqualTo(TrecEvalFormat.four(m.get("recall@3").mean()));
            assertThat(trec.get("recip_rank"))
                    .isEqualTo(TrecEvalFormat.four(m.get("mrr@10").mean()));
            assertThat(trec.get("map"))
                    .isEqualTo(TrecEvalFormat.four(m.get("map").mean()));
            assertThat(trec.get("ndcg_cut_10"))
                    .isEqualTo(TrecEvalFormat.four(m.get("ndcg@10").mean()));
        }
    }

    @Test
    void scoresEqualAsCFloat_andNonBmpIds_rankAsTrecEvalRanksThem_inTheReportAndTheExportedRun() {
        // a's 0.30000001 and b's 0.3 are one float: b, the larger id, ranks first. U+1F600 sorts above U+FF21
        // in UTF-8 bytes (F0 > EF) though not as UTF-16 units.
        String emoji = "\uD83D\uDE00";
        String fullwidth = "\uFF21";
        List<Chunk> chunks = List.of(chunk("a"), chunk("b"), chunk(fullwidth), chunk(emoji));
        List<QuestionSample> qs = List.of(question("qa", "a"), question("qw", fullwidth));
        Map<String, List<RetrievedChunk>> hits = Map.of(
                "question qa",
                List.of(RetrievedChunk.of(1, 0.30000001, chunks.get(0)), RetrievedChunk.of(2, 0.3, chunks.get(1))),
                "question qw",
                List.of(RetrievedChunk.of(1, 2.0, chunks.get(2)), RetrievedChunk.of(2, 2.0, chunks.get(3))));
        Retriever scripted = new Retriever() {
            @Override
            public String name() {
                return "scripted";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                return new RetrievalResult("scripted", query, hits.get(query), 0);
            }
        };
        BenchmarkResult report = runner().retriever(scripted).ks(1, 2).build().run(qs, chunks);
        assertThat(report.perQuestion())
                .extracting(QuestionResult::ranking)
                .containsExactly(List.of("b", "a"), List.of(emoji, fullwidth));
        assertThat(report.retriever("scripted").metrics().get("mrr@2").mean()).isEqualTo(0.5);
        List<Path> files = TrecRuns.write(report, dir.resolve("float"));
        assertThat(TrecEval.evaluate(
                        files.get(0),
                        files.get(1),
                        new TrecEvalOptions(List.of("recip_rank"), false, false, Integer.MAX_VALUE, 1)))
                .containsExactly("recip_rank            \tall\t0.5000");
    }

    @Test
    void tiedScores_creditTheHitTheTrecOrderPutsFirst_inTheReportAndTheExportedRun() {
        // Both hits hold the evidence and tie. Credited in rank order, "a" would carry "evidence:q1", which
        // sorts below "z" among equal scores: the first hit would hold the evidence and not count.
        String text = "The rotor of the second turbine was replaced in the spring of 2019.";
        Chunk a = textChunk("a", text);
        Chunk z = textChunk("z", "Maintenance log. " + text);
        QuestionSample q = new QuestionSample(
                "q1",
                "When was the rotor of the second turbine replaced?",
                "in the spring of 2019",
                "rotor of the second turbine was replaced in the spring of 2019",
                "a",
                "doc",
                "s-a",
                QuestionStatus.SUCCESS,
                "");
        Retriever tied = FakeRetrievers.of("tied", (query, k) -> List.of(a, z));
        Retriever rrf = new Retriever() {
            @Override
            public String name() {
                return "rrf";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                return new RetrievalResult(
                        "rrf", query, List.of(RetrievedChunk.of(1, 1 / 61.0, a), RetrievedChunk.of(2, 1 / 61.0, z)), 0);
            }
        };

        BenchmarkResult report = runner().retriever(tied)
                .retriever(rrf)
                .relevance(Relevance.EVIDENCE)
                .ks(1, 2)
                .build()
                .run(List.of(q), List.of(a, z));

        assertThat(report.perQuestion())
                .filteredOn(r -> r.retriever().equals("rrf"))
                .singleElement()
                .satisfies(r -> {
                    assertThat(r.ranking()).containsExactly("evidence:q1", "a");
                    assertThat(r.firstRelevantRank()).isEqualTo(1);
                });
        assertThat(report.retriever("rrf").metrics().get("hit@1").mean()).isEqualTo(1.0);
        assertThat(report.retriever("rrf").metrics().get("mrr@2").mean()).isEqualTo(1.0);
        assertThat(report.retriever("tied").metrics().get("hit@1").mean()).isEqualTo(1.0);
        List<Path> files = TrecRuns.write(report, dir.resolve("tied"));
        assertThat(TrecEval.evaluate(
                        files.get(0),
                        dir.resolve("tied").resolve("rrf.run"),
                        new TrecEvalOptions(List.of("recip_rank"), false, false, Integer.MAX_VALUE, 1)))
                .containsExactly("recip_rank            \tall\t1.0000");
    }

    private static Chunk textChunk(String id, String text) {
        return ChunkFixtures.fragmentNamed(id, "doc", "s-" + id, "doc > " + id, ChunkType.SECTION_FRAGMENT, 0, 0, text);
    }

    private static Chunk chunk(String id) {
        return ChunkFixtures.fragmentNamed(
                id, "doc", "s-" + id, "doc > " + id, ChunkType.SECTION_FRAGMENT, 0, 0, "text " + id);
    }

    private static QuestionSample question(String id, String chunkId) {
        return new QuestionSample(
                id,
                "question " + id,
                "answer",
                "text " + chunkId,
                chunkId,
                "doc",
                "s-" + chunkId,
                QuestionStatus.SUCCESS,
                "");
    }

    @Test
    void pairwiseTests_areHolmCorrectedAcrossPairsAndMetrics() {
        // "late" ranks the source second on 6 of 30 questions: each of hit@1, mrr@10, ndcg@10 and map differs with
        // p = 2/64 alone, but with 7 headline tests Holm multiplies the smallest by 7.
        Set<String> late = Set.of("d0-c0", "d0-c3", "d1-c1", "d1-c5", "d2-c2", "d2-c8");
        Retriever oracle = FakeRetrievers.sourceAt("oracle", 1, corpus, sourceOf);
        Retriever second = FakeRetrievers.sourceAt("second", 2, corpus, sourceOf);
        Retriever lateOnSix = FakeRetrievers.of(
                "late",
                (query, k) -> (late.contains(sourceOf.get(query)) ? second : oracle)
                        .retrieve(query, k).hits().stream()
                                .map(RetrievedChunk::chunk)
                                .toList());
        BenchmarkResult report = BenchmarkRunner.builder()
                .retriever(oracle)
                .retriever(lateOnSix)
                .pairedTest(PairedRandomizationTest.of(20_000, 42))
                .bootstrap(Bootstrap.of(200, 42, 0.95))
                .build()
                .run(questions, corpus);
        List<PairwiseComparison> tests = report.comparisons();
        assertThat(tests).hasSize(7);
        PairwiseComparison hit1 = tests.stream()
                .filter(c -> c.metric().equals("hit@1"))
                .findFirst()
                .orElseThrow();
        assertThat(hit1.pValue()).isCloseTo(2.0 / 64, within(0.006));
        assertThat(hit1.adjustedPValue()).isCloseTo(7 * hit1.pValue(), within(0.03));
        assertThat(hit1.significant()).isFalse();
        double[] adjusted = io.github.raglens.eval.stats.HolmCorrection.adjust(
                tests.stream().mapToDouble(PairwiseComparison::pValue).toArray());
        for (int i = 0; i < tests.size(); i++) {
            assertThat(tests.get(i).adjustedPValue()).isEqualTo(adjusted[i]);
            assertThat(tests.get(i).significant()).isEqualTo(adjusted[i] < 0.05);
        }
    }

    @Test
    void latency_byDefault_isTimedWarmAndOneQueryAtATime_andLabelledWithWhatItMeasured() {
        ColdStart cold = new ColdStart(FakeRetrievers.sourceAt("cold", 1, corpus, sourceOf));
        BenchmarkResult report = runner().retriever(cold).build().run(questions, corpus);
        assertThat(cold.maxInFlight.get()).isEqualTo(1);
        assertThat(cold.queries).hasSize(50 + 30);
        assertThat(cold.queries.subList(0, 30)).isEqualTo(cold.queries.subList(50, 80));
        assertThat(cold.queries.subList(30, 50)).isEqualTo(cold.queries.subList(0, 20));
        // The first ten calls are slow, as a cold process's are; none of them is timed.
        assertThat(report.retriever("cold").latency().maxMillis()).isLessThan(ColdStart.COLD_MILLIS);
        assertThat(report.latencyTiming()).isEqualTo(new LatencyTiming(50, 1));
        assertThat(report.latencyTiming().describe()).isEqualTo("warm (50 untimed queries first), one query at a time");

        ColdStart again = new ColdStart(FakeRetrievers.sourceAt("cold", 1, corpus, sourceOf));
        BenchmarkResult contending = runner().retriever(again)
                .warmupQueries(0)
                .retrievalThreads(4)
                .build()
                .run(questions, corpus);
        assertThat(contending.retriever("cold").latency().maxMillis()).isGreaterThanOrEqualTo(ColdStart.COLD_MILLIS);
        assertThat(contending.latencyTiming().describe()).isEqualTo("cold, 4 queries at a time (contending)");
    }

    @Test
    void everyRetrieverAnswersAQuestion_beforeTheNextIsAsked() {
        List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        List<Retriever> logged = new ArrayList<>();
        for (String name : List.of("a", "b", "c")) {
            Retriever inner = FakeRetrievers.sourceAt(name, 1, corpus, sourceOf);
            logged.add(FakeRetrievers.of(name, (query, k) -> {
                calls.add(name + " " + query);
                return inner.retrieve(query, k).hits().stream()
                        .map(RetrievedChunk::chunk)
                        .toList();
            }));
        }
        runner().retrievers(logged).warmupQueries(2).build().run(questions, corpus);

        List<String> expected = new ArrayList<>();
        List<String> asked = new ArrayList<>();
        asked.add(questions.get(0).question());
        asked.add(questions.get(1).question());
        questions.forEach(q -> asked.add(q.question()));
        for (String q : asked) {
            for (String name : List.of("a", "b", "c")) {
                expected.add(name + " " + q);
            }
        }
        assertThat(calls).isEqualTo(expected);
    }

    @Test
    void aResultReportingMoreTimeThanItsCall_countsThatTime() {
        long reportedNanos = 3_000_000_000L; // e.g. a search done for another retriever and reused
        Retriever inner = FakeRetrievers.sourceAt("reusing", 1, corpus, sourceOf);
        Retriever reusing = new Retriever() {
            @Override
            public String name() {
                return "reusing";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                RetrievalResult r = inner.retrieve(query, k);
                return new RetrievalResult(r.retriever(), query, r.hits(), reportedNanos);
            }
        };
        BenchmarkResult report = runner().retriever(reusing).build().run(questions, corpus);

        assertThat(report.retriever("reusing").latency().p50Millis()).isGreaterThanOrEqualTo(3_000.0);
    }

    /** A retriever whose first ten calls are slow, recording its queries and how many ran at once. */
    private static final class ColdStart implements Retriever {
        static final long COLD_MILLIS = 40;
        final Retriever inner;
        final List<String> queries = java.util.Collections.synchronizedList(new ArrayList<>());
        final java.util.concurrent.atomic.AtomicInteger calls = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger inFlight = new java.util.concurrent.atomic.AtomicInteger();
        final java.util.concurrent.atomic.AtomicInteger maxInFlight = new java.util.concurrent.atomic.AtomicInteger();

        ColdStart(Retriever inner) {
            this.inner = inner;
        }

        @Override
        public String name() {
            return inner.name();
        }

        @Override
        public RetrievalResult retrieve(String query, int k) {
            maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            try {
                queries.add(query);
                if (calls.incrementAndGet() <= 10) {
                    Thread.sleep(COLD_MILLIS);
                }
                return inner.retrieve(query, k);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            } finally {
                inFlight.decrementAndGet();
            }
        }
    }

    @Test
    void benchmarkJson_holdsMeanIntervalAndNPerRetrieverAndMetric() throws IOException {
        BenchmarkResult report = runner().retriever(FakeRetrievers.sourceAt("second", 2, corpus, sourceOf))
                .build()
                .run(questions, corpus);
        Path file = dir.resolve("benchmark.json");
        report.writeJson(file);
        JsonNode json = Json.readTree(file);
        JsonNode hit3 = json.path("retrievers").get(0).path("metrics").path("hit@3");
        assertThat(hit3.path("mean").asDouble()).isEqualTo(1.0);
        assertThat(hit3.path("n").asInt()).isEqualTo(30);
        assertThat(hit3.has("lower") && hit3.has("upper")).isTrue();
        assertThat(json.path("retrievers").get(0).path("latency").has("p95Millis"))
                .isTrue();
        assertThat(json.path("relevance").asText()).isEqualTo("chunk");
        assertThat(json.path("perQuestion").size()).isEqualTo(30);
    }

    /**
     * Every figure of single-quote questions, in each relevance mode and length-fair, as recorded in
     * {@value #SINGLE_TARGET_FIGURES} before multi-hop questions got two targets (on main at 4ad1f847):
     * each metric's mean and interval, and each question's ranking, first relevant rank and targets.
     */
    @Test
    void singleQuoteQuestions_keepTheFiguresRecordedBeforeMultiHopTargets() throws IOException {
        List<String> lines = new ArrayList<>();
        for (Relevance relevance :
                List.of(Relevance.CHUNK, Relevance.SECTION, Relevance.EVIDENCE, Relevance.DOCUMENT)) {
            BenchmarkRunner.Builder b = runner().retriever(FakeRetrievers.random("random", corpus, 3))
                    .retriever(FakeRetrievers.hierarchical("hier", corpus, sourceOf))
                    .retriever(FakeRetrievers.sourceAt("second", 2, corpus, sourceOf))
                    .relevance(relevance);
            if (relevance == Relevance.EVIDENCE) {
                b.lengthFair(30);
            }
            BenchmarkResult report = b.build().run(questions, corpus);
            for (RetrieverSummary s : report.retrievers()) {
                s.metrics()
                        .forEach((metric, m) -> lines.add(relevance + "\t" + s.retriever() + "\t" + metric + "\t"
                                + m.mean() + "\t" + m.lower() + "\t" + m.upper()));
            }
            for (RetrieverSummary s : report.lengthFair().retrievers()) {
                s.metrics()
                        .forEach((metric, m) ->
                                lines.add(relevance + "-fair\t" + s.retriever() + "\t" + metric + "\t" + m.mean()));
            }
            for (QuestionResult r : report.perQuestion()) {
                lines.add(relevance + "\t" + r.retriever() + "\t" + r.queryId() + "\t" + r.target() + "\t"
                        + r.firstRelevantRank() + "\t" + String.join(" ", r.ranking()));
            }
        }
        try (InputStream in = BenchmarkRunnerTest.class.getResourceAsStream(SINGLE_TARGET_FIGURES)) {
            assertThat(in).as(SINGLE_TARGET_FIGURES + " on the test class path").isNotNull();
            assertThat(lines)
                    .isEqualTo(new String(in.readAllBytes(), StandardCharsets.UTF_8)
                            .lines()
                            .toList());
        }
    }

    static final String SINGLE_TARGET_FIGURES = "single-target-figures.tsv";

    @Test
    void sectionAndEvidenceRelevance() {
        // "second" ranks a same-section neighbour (for even chunks) or another first; evidence is in the source only.
        BenchmarkResult section = runner().retriever(FakeRetrievers.sourceAt("second", 2, corpus, sourceOf))
                .relevance(Relevance.SECTION)
                .build()
                .run(questions, corpus);
        assertThat(section.retriever("second").metrics().get("hit@3").mean()).isEqualTo(1.0);
        BenchmarkResult evidence = runner().retriever(FakeRetrievers.sourceAt("second", 2, corpus, sourceOf))
                .relevance(Relevance.EVIDENCE)
                .build()
                .run(questions, corpus);
        assertThat(evidence.retriever("second").metrics().get("mrr@10").mean()).isEqualTo(0.5);
    }

    @Test
    void questionsWhoseChunksAreGone_areCountedExcludedAndWarned() {
        List<QuestionSample> withStale = new ArrayList<>(questions);
        withStale.add(new QuestionSample(
                "q-old",
                "Where did the old chunk go?",
                "away",
                "gone",
                "old-chunk",
                "doc0",
                "doc0-s9",
                QuestionStatus.SUCCESS,
                ""));
        withStale.add(
                new QuestionSample("q-skip", "", "", "", "d0-c1", "doc0", "doc0-s0", QuestionStatus.SKIP, "thin"));
        BenchmarkResult report = runner().retriever(FakeRetrievers.sourceAt("oracle", 1, corpus, sourceOf))
                .build()
                .run(withStale, corpus);
        assertThat(report.questions()).isEqualTo(30);
        assertThat(report.selection().excluded())
                .extracting(e -> e.questionId() + ": " + e.detail())
                .containsExactly("q-old: source chunk old-chunk is no longer in the corpus");
        assertThat(report.warnings())
                .containsExactly("chunk relevance: 30 of 31 questions usable; excluded: 1 whose source chunk is no"
                        + " longer in the corpus (chunked again?); use evidence relevance"
                        + " (RagLens.Builder.relevance(mode)) to keep them, or regenerate the questions");
    }

    @Test
    void badInputs_haveClearMessages() {
        BenchmarkRunner runner = runner().retriever(FakeRetrievers.sourceAt("oracle", 1, corpus, sourceOf))
                .build();
        List<QuestionSample> skipped =
                List.of(new QuestionSample("q", "", "", "", "d0-c1", "doc0", "s", QuestionStatus.SKIP, "thin"));
        assertThatThrownBy(() -> runner.run(skipped, corpus))
                .hasMessage("no usable questions: 0 of 1 question records succeeded (1 skipped, 0 failed); check the"
                        + " LLM on a few questions (RagLens.questions(limit, progress) with a small limit) or try"
                        + " another model (RagLens.Builder.llm(...))");
        assertThatThrownBy(() -> runner.run(List.of(), corpus))
                .hasMessage("no questions yet; call RagLens.questions(limit, progress) first to generate them");
        List<QuestionSample> stale =
                List.of(new QuestionSample("q", "Q?", "a", "e", "gone", "doc0", "s", QuestionStatus.SUCCESS, ""));
        assertThatThrownBy(() -> runner.run(stale, corpus))
                .hasMessage("no usable question: 0 of 1 question usable; excluded: 1 whose source chunk is no longer"
                        + " in the corpus (chunked again?); use evidence relevance (RagLens.Builder.relevance(mode)) or"
                        + " regenerate the questions");
        assertThatThrownBy(() -> BenchmarkRunner.builder().build())
                .hasMessage("a benchmark needs at least one retriever; call retriever(...)");
        assertThatThrownBy(() -> Relevance.parse("doc"))
                .hasMessage("unknown relevance 'doc'; use chunk, section, evidence, document or judged");
    }

    @Test
    void oneDocumentCorpus_smallerThanK_runsAndWarns() {
        List<Chunk> tiny = corpus.subList(0, 4);
        List<QuestionSample> qs = questions.subList(0, 4);
        BenchmarkResult report = runner().retriever(FakeRetrievers.sourceAt("second", 2, tiny, sourceOf))
                .build()
                .run(qs, tiny);
        assertThat(report.retriever("second").metrics().get("hit@10").mean()).isEqualTo(1.0);
        assertThat(report.retriever("second").metrics().get("precision@10").mean())
                .isCloseTo(0.1, within(1e-12));
        assertThat(report.warnings())
                .containsExactly("k=10 is larger than the corpus (4 chunks): every retriever returns fewer hits and"
                        + " Precision@10 cannot reach 1");
        assertThat(report.breakdowns())
                .filteredOn(b -> b.by().equals("document"))
                .hasSize(1);
    }

    /** trec_eval's number format, for comparing report means with its lines. */
    static final class TrecEvalFormat {
        static String four(double v) {
            return new java.math.BigDecimal(v)
                    .setScale(4, java.math.RoundingMode.HALF_EVEN)
                    .toPlainString();
        }
    }
}
