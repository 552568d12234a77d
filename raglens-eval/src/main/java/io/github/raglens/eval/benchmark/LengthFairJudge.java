package io.github.raglens.eval.benchmark;

import io.github.raglens.eval.benchmark.BenchmarkQuestion.Target;
import io.github.raglens.model.RetrievedChunk;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;

/**
 * Judges ranked lists by evidence with every retriever given the same amount of text: the contexts
 * are read in their {@code trec_eval} order as one text, cut into ranks of {@code chars} characters,
 * and the evidence ranks where its last character falls. At a cutoff K every retriever has been read
 * K × {@code chars} characters, however it divides them into contexts: a retriever returning long
 * contexts no longer holds more text at each K, and a quote late in a long first context counts at
 * the rank whose text reaches it rather than at rank 1. Ranks beyond the deepest cutoff are not read.
 * Texts are the normalised texts evidence is matched in. Thread-safe.
 */
final class LengthFairJudge {

    private final MetricTable metrics;
    private final EvidenceTexts texts;
    private final int chars;
    private final int maxK;

    LengthFairJudge(MetricTable metrics, EvidenceTexts texts, int chars, int maxK) {
        this.metrics = metrics;
        this.texts = texts;
        this.chars = chars;
        this.maxK = maxK;
    }

    /** Characters per rank. */
    int chars() {
        return chars;
    }

    /**
     * The rank (1-based) of each of the question's targets in the hits read as text, in the question's
     * order of targets: the rank where its quote ends, 0 when it is in no context read or beyond the
     * deepest cutoff. A rank holds one target, as a hit does: when both quotes of a multi-hop question
     * end in the same rank, one of them counts there and the other at the next rank where it ends
     * again, if any (the choice that ranks the other earlier; the first target's on a tie).
     *
     * @param ordered the hits in {@code trec_eval} order
     */
    int[] ranks(BenchmarkQuestion p, List<RetrievedChunk> ordered) {
        List<Target> targets = p.targets();
        List<List<Integer>> ends = new ArrayList<>();
        for (int t = 0; t < targets.size(); t++) {
            ends.add(new ArrayList<>());
        }
        long read = 0;
        long limit = (long) maxK * chars;
        for (RetrievedChunk hit : ordered) {
            if (read >= limit) {
                break;
            }
            String context = texts.context(hit);
            for (int t = 0; t < targets.size(); t++) {
                String quote = targets.get(t).reachedBy();
                for (int at = quote.isEmpty() ? -1 : context.indexOf(quote);
                        at >= 0;
                        at = context.indexOf(quote, at + 1)) {
                    long rank = (read + at + quote.length() + chars - 1) / chars;
                    List<Integer> mine = ends.get(t);
                    if (rank <= maxK && (mine.isEmpty() || mine.getLast() != rank)) {
                        mine.add((int) rank);
                    }
                }
            }
            read += context.length();
        }
        int[] best = assign(ends, false);
        if (targets.size() > 1) {
            int[] reversed = assign(ends, true);
            if (better(reversed, best)) {
                best = reversed;
            }
        }
        return best;
    }

    /** Gives each target, the last first when {@code reversed}, its earliest rank another has not taken. */
    private static int[] assign(List<List<Integer>> ends, boolean reversed) {
        int n = ends.size();
        int[] ranks = new int[n];
        for (int i = 0; i < n; i++) {
            int t = reversed ? n - 1 - i : i;
            for (int rank : ends.get(t)) {
                if (Arrays.stream(ranks).noneMatch(r -> r == rank)) {
                    ranks[t] = rank;
                    break;
                }
            }
        }
        return ranks;
    }

    /** Whether {@code a} finds more targets than {@code b}, or as many at earlier ranks. */
    private static boolean better(int[] a, int[] b) {
        int[] sa = Arrays.stream(a)
                .map(r -> r == 0 ? Integer.MAX_VALUE : r)
                .sorted()
                .toArray();
        int[] sb = Arrays.stream(b)
                .map(r -> r == 0 ? Integer.MAX_VALUE : r)
                .sorted()
                .toArray();
        return Arrays.compare(sa, sb) < 0;
    }

    /** Every metric of the length-fair ranking of one question, written to {@code v[metric][qi]}. */
    void values(BenchmarkQuestion p, List<RetrievedChunk> ordered, double[][] v, int qi) {
        int[] ranks = ranks(p, ordered);
        int deepest = Arrays.stream(ranks).max().orElse(0);
        List<String> ranking = new ArrayList<>(deepest);
        for (int r = 1; r <= deepest; r++) {
            ranking.add("rank:" + r);
        }
        for (int t = 0; t < ranks.length; t++) {
            if (ranks[t] > 0) {
                ranking.set(ranks[t] - 1, p.targets().get(t).id());
            }
        }
        metrics.values(
                ranking,
                Set.copyOf(p.targetIds()),
                List.of(),
                p.sample().sectionId(),
                p.sample().sourceChunkId(),
                v,
                qi);
    }
}
