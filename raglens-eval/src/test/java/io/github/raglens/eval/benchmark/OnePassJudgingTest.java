package io.github.raglens.eval.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.ScoredId;
import io.github.raglens.eval.evidence.Evidence;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import io.github.raglens.result.MetricSummary;
import io.github.raglens.result.QuestionExclusion;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The benchmark judges each ranked list in one pass; this checks its rankings and metrics against a
 * straightforward judge (per-hit normalisation, {@code trecOrder} on scored ids) on seeded random
 * rankings with ties, duplicates and expanded contexts.
 */
class OnePassJudgingTest {

    private static final int[] KS = {1, 2, 3, 5, 10, 20};

    @Test
    void runnerJudging_equalsAStraightforwardJudge_inEveryRelevanceMode() {
        long seed = 4_242;
        System.out.println("OnePassJudgingTest seed " + seed);
        Random random = new Random(seed);
        List<Chunk> corpus = pool(random);
        List<QuestionSample> questions = new ArrayList<>();
        Map<String, List<RetrievedChunk>> answers = new HashMap<>();
        for (int q = 0; q < 300; q++) {
            Chunk source = corpus.get(random.nextInt(corpus.size()));
            String text = source.text();
            int from = random.nextInt(text.length() / 2);
            String evidence = random.nextInt(5) == 0
                    ? "not  in\nany chunk"
                    : text.substring(from, from + 1 + random.nextInt(text.length() - from - 1));
            String question = "question " + q;
            questions.add(new QuestionSample(
                    "q " + q,
                    question,
                    "a",
                    evidence,
                    source.id(),
                    source.documentId(),
                    source.sectionId(),
                    QuestionStatus.SUCCESS,
                    ""));
            answers.put(question, randomHits(random, random.nextInt(14), corpus));
        }
        Retriever retriever = new Retriever() {
            @Override
            public String name() {
                return "random";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                return new RetrievalResult("random", query, answers.get(query), 0);
            }
        };
        // judged relevance's one-target table is evidence relevance's, and it needs a judge (JudgedBenchmarkTest)
        for (Relevance mode : List.of(Relevance.CHUNK, Relevance.SECTION, Relevance.EVIDENCE, Relevance.DOCUMENT)) {
            BenchmarkResult report = BenchmarkRunner.builder()
                    .retriever(retriever)
                    .relevance(mode)
                    // every quote that occurs somewhere, however short or common: this is about judging
                    .evidenceRule(new EvidenceRule(1, Integer.MAX_VALUE, true))
                    .ks(KS)
                    .bootstrap(Bootstrap.of(100, 1, 0.95))
                    .pairedTest(PairedRandomizationTest.of(100, 1))
                    .build()
                    .run(questions, corpus);
            List<QuestionResult> rows = report.perQuestion();
            assertThat(rows)
                    .hasSize(questions.size()
                            - (mode == Relevance.EVIDENCE
                                    ? report.selection().excluded().size()
                                    : 0));
            assertThat(report.selection().excluded())
                    .allMatch(e -> e.reason() == QuestionExclusion.EVIDENCE_NOT_FOUND
                            || e.reason() == QuestionExclusion.NO_EVIDENCE);
            Map<String, QuestionSample> byId = new HashMap<>();
            questions.forEach(sample -> byId.put(sample.id(), sample));
            Map<String, Double> sums = new HashMap<>();
            for (int q = 0; q < rows.size(); q++) {
                QuestionSample sample = byId.get(rows.get(q).questionId());
                Reference ref = reference(mode, sample, rows.get(q).target(), answers.get(sample.question()));
                assertThat(rows.get(q).ranking()).as("%s question %d", mode, q).isEqualTo(ref.ranking);
                assertThat(rows.get(q).scores()).as("%s question %d", mode, q).isEqualTo(ref.scores);
                Set<String> relevant = Set.of(rows.get(q).target());
                for (int k : KS) {
                    sums.merge("mrr@" + k, RetrievalMetrics.reciprocalRankAt(ref.ranking, relevant, k), Double::sum);
                    sums.merge("ndcg@" + k, RetrievalMetrics.ndcgAt(ref.ranking, relevant, k), Double::sum);
                    sums.merge(
                            "section_hit@" + k,
                            RetrievalMetrics.sectionHitAt(ref.ordered, sample.sectionId(), k),
                            Double::sum);
                    sums.merge(
                            "child_hit@" + k,
                            RetrievalMetrics.childHitAt(ref.ordered, sample.sourceChunkId(), k),
                            Double::sum);
                }
            }
            Map<String, MetricSummary> metrics = report.retriever("random").metrics();
            sums.forEach((name, sum) ->
                    assertThat(metrics.get(name).mean()).as("%s %s", mode, name).isEqualTo(sum / rows.size()));
            assertThat(metrics.get("mrr@20").mean())
                    .as(mode.name())
                    .isGreaterThan(0)
                    .isLessThan(1);
        }
    }

    private record Reference(List<String> ranking, List<Double> scores, List<RetrievedChunk> ordered) {}

    /** Judging as plainly as possible: normalise every hit's texts, sort scored ids with trecOrder. */
    private static Reference reference(Relevance mode, QuestionSample q, String target, List<RetrievedChunk> hits) {
        List<RetrievedChunk> byRank = new ArrayList<>(hits);
        byRank.sort((a, b) -> Integer.compare(a.rank(), b.rank()));
        List<String> own = new ArrayList<>();
        List<Integer> reaching = new ArrayList<>();
        for (RetrievedChunk hit : byRank) {
            boolean reaches = switch (mode) {
                case CHUNK ->
                    hit.chunk().id().equals(q.sourceChunkId())
                            || hit.matched().id().equals(q.sourceChunkId())
                            || hit.context().stream().anyMatch(c -> c.id().equals(q.sourceChunkId()));
                case SECTION -> RetrievalMetrics.sectionHitAt(List.of(hit), q.sectionId(), 1) > 0;
                case DOCUMENT -> hit.chunk().documentId().equals(q.documentId());
                case EVIDENCE, JUDGED ->
                    !Evidence.normalize(q.evidence()).isEmpty()
                            && (Evidence.normalize(hit.chunk().text()).contains(Evidence.normalize(q.evidence()))
                                    || Evidence.normalize(hit.contextText())
                                            .contains(Evidence.normalize(q.evidence())));
            };
            if (reaches) {
                reaching.add(own.size());
            }
            String key = hit.chunk().id();
            if (key.equals(target) || own.contains(key)) {
                key = key + "#dup" + hit.rank();
            }
            own.add(key);
        }
        // The credited hit: whichever reaching hit trec_eval's order puts first when it carries the target.
        List<String> keys = own;
        int best = Integer.MAX_VALUE;
        for (int c : reaching) {
            List<String> candidate = new ArrayList<>(own);
            candidate.set(c, target);
            List<ScoredId> withTarget = new ArrayList<>();
            for (int h = 0; h < byRank.size(); h++) {
                withTarget.add(new ScoredId(candidate.get(h), byRank.get(h).score()));
            }
            int position = RetrievalMetrics.trecOrder(withTarget).indexOf(target);
            if (position < best) {
                best = position;
                keys = candidate;
            }
        }
        List<ScoredId> scored = new ArrayList<>();
        Map<String, RetrievedChunk> byKey = new HashMap<>();
        for (int h = 0; h < byRank.size(); h++) {
            scored.add(new ScoredId(keys.get(h), byRank.get(h).score()));
            byKey.put(keys.get(h), byRank.get(h));
        }
        List<String> ranking = RetrievalMetrics.trecOrder(scored);
        List<Double> scores = new ArrayList<>();
        List<RetrievedChunk> ordered = new ArrayList<>();
        for (String key : ranking) {
            ordered.add(byKey.get(key));
            scores.add(byKey.get(key).score());
        }
        return new Reference(ranking, scores, ordered);
    }

    /** Twelve chunks in four sections of two documents, with whitespace-rich texts. */
    private static List<Chunk> pool(Random random) {
        List<Chunk> out = new ArrayList<>();
        for (int i = 0; i < 12; i++) {
            String text = "Chunk  " + i + " says\n\tthat value " + (i * 7 % 5) + " holds  for  item " + (i % 3)
                    + ".\n\nIt ends here " + random.nextInt(3) + ".";
            out.add(
                    i % 4 == 0
                            ? ChunkFixtures.sectionNamed(
                                    "c" + i, "d" + (i / 6), "s" + (i / 3), "d > s" + (i / 3), i, text)
                            : ChunkFixtures.fragmentNamed(
                                    "c" + i,
                                    "d" + (i / 6),
                                    "s" + (i / 3),
                                    "d > s" + (i / 3),
                                    ChunkType.SECTION_FRAGMENT,
                                    i % 4,
                                    i,
                                    text));
        }
        return out;
    }

    /**
     * {@code n} hits with tied scores, repeated chunks, ranks out of order now and then (but distinct), and expanded
     * contexts whose matched child differs from the returned chunk.
     */
    private static List<RetrievedChunk> randomHits(Random random, int n, List<Chunk> pool) {
        List<RetrievedChunk> hits = new ArrayList<>();
        List<Integer> ranks = new ArrayList<>();
        for (int i = 1; i <= n; i++) {
            ranks.add(i);
        }
        if (random.nextInt(4) == 0) {
            java.util.Collections.shuffle(ranks, random);
        }
        for (int i = 0; i < n; i++) {
            Chunk matched = pool.get(random.nextInt(pool.size()));
            // Some scores differ from a tie only below float precision: they still tie, as in trec_eval.
            double score = random.nextInt(4) / 2.0 + (random.nextInt(3) == 0 ? 1e-9 : 0);
            int rank = ranks.get(i);
            if (random.nextBoolean()) {
                hits.add(RetrievedChunk.of(rank, score, matched));
            } else {
                Chunk parent = pool.get(random.nextInt(pool.size()));
                List<Chunk> context = random.nextBoolean()
                        ? List.of(parent)
                        : List.of(
                                pool.get(random.nextInt(pool.size())), matched, pool.get(random.nextInt(pool.size())));
                hits.add(new RetrievedChunk(rank, score, parent, matched, context));
            }
        }
        return hits;
    }
}
