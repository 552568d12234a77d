package io.github.raglens.facade.internal;

import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import io.github.raglens.result.ComparisonResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** {@link RagLens#compare}: both variants benchmarked by evidence on the same questions, then paired. */
public final class Comparisons {

    private Comparisons() {}

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
    public static ComparisonResult run(RagLens a, RagLens b, Path docs, List<QuestionSample> questions, int k) {
        if (a.workspace()
                .dir()
                .toAbsolutePath()
                .normalize()
                .equals(b.workspace().dir().toAbsolutePath().normalize())) {
            throw new IllegalArgumentException("both variants use the workspace "
                    + a.workspace().dir() + "; give the second its own with" + " toBuilder().workspace(...)");
        }
        BenchmarkResult ra = benchmark(a, docs, questions, k);
        BenchmarkResult rb = benchmark(b, docs, questions, k);
        Set<String> usedA = used(ra);
        Set<String> usedB = used(rb);
        Set<String> compared = new LinkedHashSet<>();
        for (QuestionSample q : questions) {
            if (usedA.contains(q.id()) || usedB.contains(q.id())) {
                compared.add(q.id());
            }
        }
        List<ComparisonResult.Difference> diffs = new ArrayList<>();
        String metric = "hit@" + k;
        for (var summary : ra.retrievers()) {
            String name = summary.retriever();
            if (rb.retrievers().stream().noneMatch(s -> s.retriever().equals(name))) {
                continue;
            }
            double[] va = hits(ra, name, compared, k);
            double[] vb = hits(rb, name, compared, k);
            diffs.add(new ComparisonResult.Difference(
                    name,
                    metric,
                    Arrays.stream(va).average().orElse(0),
                    Arrays.stream(vb).average().orElse(0),
                    PairedRandomizationTest.defaults().test(va, vb)));
        }
        return new ComparisonResult(ra, rb, diffs);
    }

    private static BenchmarkResult benchmark(RagLens lens, Path docs, List<QuestionSample> questions, int k) {
        RagLens evidence = lens.toBuilder().relevance(Relevance.EVIDENCE).k(k).build();
        evidence.ingest(docs);
        evidence.index();
        return evidence.benchmark(questions, ProgressListener.NONE);
    }

    /** The ids of the questions the benchmark judged. */
    private static Set<String> used(BenchmarkResult r) {
        Set<String> ids = new HashSet<>();
        r.perQuestion().forEach(q -> ids.add(q.questionId()));
        return ids;
    }

    /** Per-question hit@k of one retriever, in the order of the question ids; 0 for a question left out. */
    private static double[] hits(BenchmarkResult r, String retriever, Set<String> questionIds, int k) {
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
