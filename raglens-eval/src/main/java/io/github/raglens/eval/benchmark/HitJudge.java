package io.github.raglens.eval.benchmark;

import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.ScoredId;
import io.github.raglens.eval.benchmark.BenchmarkQuestion.Target;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Judges ranked lists against their questions: which hit is relevant under the relevance mode, the
 * {@code trec_eval} order of the hits, and every metric of the ranking. Thread-safe.
 */
final class HitJudge {

    /** Up to this many hits, duplicate keys are found by scanning instead of hashing. */
    private static final int SMALL = 32;

    private final Relevance relevance;
    private final MetricTable metrics;
    private final EvidenceTexts texts;

    /**
     * @param texts the normalised texts evidence is looked for in; used under evidence relevance
     */
    HitJudge(Relevance relevance, MetricTable metrics, EvidenceTexts texts) {
        this.relevance = relevance;
        this.metrics = metrics;
        this.texts = texts;
    }

    /** One judged ranking: its row in the report, and its hits in {@code trec_eval} order. */
    record Judged(QuestionResult result, List<RetrievedChunk> ordered) {}

    /**
     * Judges one ranked list: which hit is relevant, the {@code trec_eval} order, and every metric at
     * every K of the ranking in that order, written to {@code v[metric][qi]}.
     *
     * @param external whether the retriever is outside raglens: its hits' texts are all recorded, as
     *     their ids name no chunk of the workspace
     */
    Judged judge(
            String retriever,
            boolean external,
            BenchmarkQuestion p,
            RetrievalResult result,
            long latencyNanos,
            double[][] v,
            int qi) {
        RetrievedChunk[] hits = result.hits().toArray(new RetrievedChunk[0]);
        int n = hits.length;
        sortByRank(hits);
        List<String> targets = p.targetIds();
        String[] keys = ownKeys(hits, targets);
        credit(p, hits, keys);
        int[] order = trecOrder(hits, keys);
        String[] ranking = new String[n];
        Double[] scores = new Double[n];
        String[] texts = new String[n];
        RetrievedChunk[] ordered = new RetrievedChunk[n];
        int first = 0;
        for (int i = 0; i < n; i++) {
            ordered[i] = hits[order[i]];
            ranking[i] = keys[order[i]];
            scores[i] = ordered[i].score();
            texts[i] = external || i < QuestionResult.TEXTS_OF_OWN_HITS ? start(ordered[i]) : "";
            if (first == 0 && targets.contains(ranking[i])) {
                first = i + 1;
            }
        }
        metrics.values(
                Arrays.asList(ranking),
                Set.copyOf(targets),
                Arrays.asList(ordered),
                p.sample().sectionId(),
                p.sample().sourceChunkId(),
                v,
                qi);
        return new Judged(
                new QuestionResult(
                        p.queryId(),
                        p.sample().id(),
                        retriever,
                        p.sample().question(),
                        p.sample().documentId(),
                        p.chunkType(),
                        targets.getFirst(),
                        targets,
                        first,
                        Arrays.asList(ranking),
                        Arrays.asList(scores),
                        latencyNanos / 1e6,
                        p.overlap(),
                        Arrays.asList(texts)),
                Arrays.asList(ordered));
    }

    /**
     * Each hit's judged id when it is credited with no target: its chunk id, with {@code #dup} and its
     * rank when an earlier hit has that id or it is a target's id (a hit of a source chunk that another
     * hit is credited for).
     */
    private static String[] ownKeys(RetrievedChunk[] hits, List<String> targets) {
        int n = hits.length;
        String[] keys = new String[n];
        Set<String> used = n > SMALL ? new HashSet<>(n * 2) : null;
        for (int h = 0; h < n; h++) {
            RetrievedChunk hit = hits[h];
            String key = hit.chunk().id();
            if (targets.contains(key) || used(keys, h, used, key)) {
                key = key + "#dup" + hit.rank();
                if (used(keys, h, used, key)) {
                    throw new IllegalArgumentException("ranking holds '" + key + "' twice");
                }
            }
            if (Double.isNaN(hit.score())) {
                throw new IllegalArgumentException("score of '" + key + "' is NaN");
            }
            keys[h] = key;
            if (used != null) {
                used.add(key);
            }
        }
        return keys;
    }

    /**
     * Credits each target to one hit that reaches it, a hit with one target at most, by giving that
     * hit the target's id in {@code keys}. Target by target, the hit and target credited next are
     * those the {@code trec_eval} order puts first once the hit carries the target's id (the others
     * keep theirs), the earlier hit by rank on a tie; a hit reaching two targets takes the one that
     * leaves the other to the earliest other hit, the first target when that is no matter. Deciding
     * before ordering would credit the first by rank, which tied scores can put behind another hit
     * reaching the target, so that the ranking's first hit holds the evidence and is not counted. A
     * passage holding both quotes of a multi-hop question is thus one relevant document, as {@code
     * trec_eval} counts a returned document once: it finds one target, and another hit must hold the
     * other quote for the second.
     */
    private void credit(BenchmarkQuestion p, RetrievedChunk[] hits, String[] keys) {
        List<Target> targets = p.targets();
        int[] reached = new int[hits.length];
        for (int h = 0; h < hits.length; h++) {
            reached[h] = reached(p, hits[h]);
        }
        int open = (1 << targets.size()) - 1;
        while (true) {
            int bestHit = -1;
            int bestTarget = -1;
            int best = Integer.MAX_VALUE;
            for (int c = 0; c < hits.length; c++) {
                int can = reached[c] & open;
                for (int t = 0; can != 0 && t < targets.size(); t++) {
                    if ((can & (1 << t)) == 0) {
                        continue;
                    }
                    String id = targets.get(t).id();
                    int position = position(hits, keys, c, id, best == Integer.MAX_VALUE ? best : best + 1);
                    if (position < best) {
                        best = position;
                        bestHit = c;
                        bestTarget = t;
                    } else if (position == best
                            && c == bestHit
                            && next(hits, keys, reached, open, c, t, targets)
                                    < next(hits, keys, reached, open, c, bestTarget, targets)) {
                        bestTarget = t;
                    }
                }
            }
            if (bestHit < 0) {
                return;
            }
            keys[bestHit] = targets.get(bestTarget).id();
            reached[bestHit] = 0;
            open &= ~(1 << bestTarget);
        }
    }

    /**
     * Where the next target would be credited if hit {@code c} took target {@code t}: the best position
     * of another hit carrying another open target's id; {@link Integer#MAX_VALUE} when none is left.
     */
    private static int next(
            RetrievedChunk[] hits, String[] keys, int[] reached, int open, int c, int t, List<Target> targets) {
        String own = keys[c];
        keys[c] = targets.get(t).id();
        int left = open & ~(1 << t);
        int best = Integer.MAX_VALUE;
        for (int h = 0; h < hits.length && left != 0; h++) {
            int can = h == c ? 0 : reached[h] & left;
            for (int u = 0; can != 0 && u < targets.size(); u++) {
                if ((can & (1 << u)) != 0) {
                    best = Math.min(best, position(hits, keys, h, targets.get(u).id(), best));
                }
            }
        }
        keys[c] = own;
        return best;
    }

    /**
     * The 0-based position in {@code trec_eval} order of hit {@code c} carrying {@code id}, every other
     * hit carrying its key; counts no further than {@code limit}.
     */
    private static int position(RetrievedChunk[] hits, String[] keys, int c, String id, int limit) {
        ScoredId carried = new ScoredId(id, hits[c].score());
        int position = 0;
        for (int h = 0; h < hits.length && position < limit; h++) {
            if (h != c && ScoredId.TREC_ORDER.compare(new ScoredId(keys[h], hits[h].score()), carried) < 0) {
                position++;
            }
        }
        return position;
    }

    /** The targets a hit reaches under the relevance, as bits in the question's order of targets. */
    private int reached(BenchmarkQuestion p, RetrievedChunk hit) {
        List<Target> targets = p.targets();
        int bits = 0;
        for (int t = 0; t < targets.size(); t++) {
            String by = targets.get(t).reachedBy();
            if (by.isEmpty()) {
                continue;
            }
            boolean reaches = switch (relevance) {
                case CHUNK -> reachesChunk(hit, by);
                case SECTION -> inSection(hit, by);
                case DOCUMENT -> by.equals(hit.chunk().documentId());
                case EVIDENCE, JUDGED -> texts.of(hit.chunk()).contains(by) || inContext(hit, by);
            };
            if (reaches) {
                bits |= 1 << t;
            }
        }
        return bits;
    }

    /** Whether the normalised text of a hit's returned context, when it is more than its chunk, holds a quote. */
    private boolean inContext(RetrievedChunk hit, String quote) {
        List<Chunk> context = hit.context();
        if (context.size() == 1 && context.getFirst() == hit.chunk()) {
            return false;
        }
        return texts.context(hit).contains(quote);
    }

    /** Whether the hit is the chunk, was matched through it, or returns it in its context. */
    private static boolean reachesChunk(RetrievedChunk hit, String id) {
        if (hit.chunk().id().equals(id) || hit.matched().id().equals(id)) {
            return true;
        }
        for (Chunk c : hit.context()) {
            if (c.id().equals(id)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The start of a hit's returned text as the report records it: white space collapsed, at most
     * {@link QuestionResult#TEXT_CHARS} characters, cut with an ellipsis. Reads only as far as it
     * keeps, since long contexts are common.
     */
    private static String start(RetrievedChunk hit) {
        int limit = QuestionResult.TEXT_CHARS;
        StringBuilder out = new StringBuilder(limit + 2);
        int kept = 0;
        boolean space = false;
        read:
        for (Chunk c : hit.context()) {
            String text = c.text();
            for (int i = 0; i < text.length(); ) {
                int cp = text.codePointAt(i);
                i += Character.charCount(cp);
                if (Character.isWhitespace(cp)) {
                    space = kept > 0;
                    continue;
                }
                if (space) {
                    out.append(' ');
                    kept++;
                    space = false;
                }
                out.appendCodePoint(cp);
                if (++kept > limit) {
                    break read;
                }
            }
            space = kept > 0;
        }
        return kept <= limit ? out.toString() : out.substring(0, out.offsetByCodePoints(0, limit - 1)) + "…";
    }

    /** Whether the hit comes from the section: its chunk, matched child or a chunk of its context. */
    private static boolean inSection(RetrievedChunk hit, String sectionId) {
        return RetrievalMetrics.sectionHitAt(List.of(hit), sectionId, 1) > 0;
    }

    private static boolean used(String[] keys, int count, Set<String> used, String key) {
        if (used != null) {
            return used.contains(key);
        }
        for (int i = 0; i < count; i++) {
            if (keys[i].equals(key)) {
                return true;
            }
        }
        return false;
    }

    /** Stable insertion sort by rank; retrievers return hits in rank order, so usually one pass. */
    private static void sortByRank(RetrievedChunk[] hits) {
        for (int i = 1; i < hits.length; i++) {
            RetrievedChunk x = hits[i];
            int j = i - 1;
            while (j >= 0 && hits[j].rank() > x.rank()) {
                hits[j + 1] = hits[j];
                j--;
            }
            hits[j + 1] = x;
        }
    }

    /** The positions of the hits in {@link ScoredId#TREC_ORDER} of their keys and scores; the keys are distinct. */
    private static int[] trecOrder(RetrievedChunk[] hits, String[] keys) {
        ScoredId[] scored = new ScoredId[hits.length];
        Integer[] order = new Integer[hits.length];
        for (int i = 0; i < hits.length; i++) {
            scored[i] = new ScoredId(keys[i], hits[i].score());
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> ScoredId.TREC_ORDER.compare(scored[a], scored[b]));
        int[] out = new int[hits.length];
        for (int i = 0; i < hits.length; i++) {
            out[i] = order[i];
        }
        return out;
    }
}
