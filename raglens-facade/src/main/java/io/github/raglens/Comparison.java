package io.github.raglens;

import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.Aggregation.PairedTestResult;
import io.github.raglens.result.BenchmarkReport;
import io.github.raglens.result.BenchmarkReport.QuestionResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Two pipeline variants benchmarked on the same questions with evidence relevance, which does not
 * depend on how either variant chunked the corpus, and the paired difference per retriever.
 *
 * <p>The pairs are the questions at least one variant judged. A question one variant left out (its
 * chunks do not hold the quote whole: that variant's chunking cut the passage, or hold it in too
 * many chunks) counts as a miss there, so a chunker does not gain by losing passages; a question
 * both left out (no quote, or one the documents do not hold) is not compared.
 *
 * @param a the first variant's benchmark
 * @param b the second variant's benchmark
 * @param differences per retriever both variants ran: Hit@K of a minus b with its paired test
 */
public record Comparison(BenchmarkReport a, BenchmarkReport b, List<Difference> differences) {

    /** Copies the differences. */
    public Comparison {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        differences = List.copyOf(differences);
    }

    /**
     * The paired difference of one retriever between the variants.
     *
     * @param retriever the retriever
     * @param metric the metric compared, {@code hit@K}
     * @param meanA the metric's mean in variant a, over the compared questions
     * @param meanB the metric's mean in variant b, over the same questions
     * @param test the paired randomization test of a minus b over the questions
     */
    public record Difference(String retriever, String metric, double meanA, double meanB, PairedTestResult test) {}

    /**
     * Ingests, indexes and benchmarks both variants (each in its own workspace) on the same questions.
     *
     * @param a the first variant
     * @param b the second variant; must use another workspace than {@code a}
     * @param docs the corpus
     * @param questions the questions (their evidence decides relevance)
     * @param k the cut-off of the compared Hit@K
     * @throws IllegalArgumentException if both variants share a workspace
     */
    static Comparison run(RagLens a, RagLens b, Path docs, List<QuestionSample> questions, int k) {
        if (a.workspace()
                .dir()
                .toAbsolutePath()
                .normalize()
                .equals(b.workspace().dir().toAbsolutePath().normalize())) {
            throw new IllegalArgumentException("both variants use the workspace "
                    + a.workspace().dir() + "; give the second its own with" + " toBuilder().workspace(...)");
        }
        BenchmarkReport ra = benchmark(a, docs, questions, k);
        BenchmarkReport rb = benchmark(b, docs, questions, k);
        Set<String> usedA = used(ra);
        Set<String> usedB = used(rb);
        Set<String> compared = new LinkedHashSet<>();
        for (QuestionSample q : questions) {
            if (usedA.contains(q.id()) || usedB.contains(q.id())) {
                compared.add(q.id());
            }
        }
        List<Difference> diffs = new ArrayList<>();
        String metric = "hit@" + k;
        for (var summary : ra.retrievers()) {
            String name = summary.retriever();
            if (rb.retrievers().stream().noneMatch(s -> s.retriever().equals(name))) {
                continue;
            }
            double[] va = hits(ra, name, compared, k);
            double[] vb = hits(rb, name, compared, k);
            diffs.add(new Difference(
                    name,
                    metric,
                    Arrays.stream(va).average().orElse(0),
                    Arrays.stream(vb).average().orElse(0),
                    PairedRandomizationTest.defaults().test(va, vb)));
        }
        return new Comparison(ra, rb, diffs);
    }

    private static BenchmarkReport benchmark(RagLens lens, Path docs, List<QuestionSample> questions, int k) {
        RagLens evidence = lens.toBuilder().relevance(Relevance.EVIDENCE).k(k).build();
        evidence.ingest(docs);
        evidence.index();
        return evidence.benchmark(questions, ProgressListener.NONE);
    }

    /** The ids of the questions the benchmark judged. */
    private static Set<String> used(BenchmarkReport r) {
        Set<String> ids = new HashSet<>();
        r.perQuestion().forEach(q -> ids.add(q.questionId()));
        return ids;
    }

    /** Per-question hit@k of one retriever, in the order of the question ids; 0 for a question left out. */
    private static double[] hits(BenchmarkReport r, String retriever, Set<String> questionIds, int k) {
        Map<String, Integer> rank = new HashMap<>();
        for (QuestionResult q : r.perQuestion()) {
            if (q.retriever().equals(retriever)) {
                rank.put(q.questionId(), q.firstRelevantRank());
            }
        }
        double[] v = new double[questionIds.size()];
        int i = 0;
        for (String id : questionIds) {
            int first = rank.getOrDefault(id, 0);
            v[i++] = first >= 1 && first <= k ? 1 : 0;
        }
        return v;
    }
}
