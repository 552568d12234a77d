package io.github.raglens.eval.benchmark;

import io.github.raglens.eval.RetrievalMetrics;
import io.github.raglens.eval.ScoredId;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.BenchmarkReport.QuestionResult;
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
        String target = p.target();
        String[] keys = ownKeys(hits, target);
        int credited = credited(p, hits, keys, target);
        boolean found = credited >= 0;
        if (found) {
            keys[credited] = target;
        }
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
            if (first == 0 && found && ranking[i].equals(target)) {
                first = i + 1;
            }
        }
        metrics.values(
                Arrays.asList(ranking),
                target,
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
                        target,
                        first,
                        Arrays.asList(ranking),
                        Arrays.asList(scores),
                        latencyNanos / 1e6,
                        p.overlap(),
                        Arrays.asList(texts)),
                Arrays.asList(ordered));
    }

    /**
     * Each hit's judged id when it is not the relevant one: its chunk id, with {@code #dup} and its
     * rank when an earlier hit has that id or it is the target's id (a hit of the source chunk that
     * another hit is credited for).
     */
    private static String[] ownKeys(RetrievedChunk[] hits, String target) {
        int n = hits.length;
        String[] keys = new String[n];
        Set<String> used = n > SMALL ? new HashSet<>(n * 2) : null;
        for (int h = 0; h < n; h++) {
            RetrievedChunk hit = hits[h];
            String key = hit.chunk().id();
            if (key.equals(target) || used(keys, h, used, key)) {
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
     * The hit credited with the target: of the hits that reach it, the one the {@code trec_eval}
     * order puts first once it carries the target's id (the others keep theirs), the earlier by rank
     * on a tie; -1 when none reaches it. Deciding before ordering would credit the first by rank,
     * which tied scores can put behind another hit holding the target, so that the ranking's first
     * hit holds the evidence and is not counted.
     */
    private int credited(BenchmarkQuestion p, RetrievedChunk[] hits, String[] keys, String target) {
        int credited = -1;
        int best = Integer.MAX_VALUE;
        for (int c = 0; c < hits.length; c++) {
            if (!reaches(p, hits[c])) {
                continue;
            }
            ScoredId asTarget = new ScoredId(target, hits[c].score());
            int position = 0;
            for (int h = 0; h < hits.length && position < best; h++) {
                if (h != c && ScoredId.TREC_ORDER.compare(new ScoredId(keys[h], hits[h].score()), asTarget) < 0) {
                    position++;
                }
            }
            if (position < best) {
                best = position;
                credited = c;
            }
        }
        return credited;
    }

    private boolean reaches(BenchmarkQuestion p, RetrievedChunk hit) {
        return switch (relevance) {
            case CHUNK ->
                reachesChunk(hit, p.sample().sourceChunkId())
                        || (!p.sample().secondChunkId().isEmpty()
                                && reachesChunk(hit, p.sample().secondChunkId()));
            case SECTION -> inSection(hit, p.sample().sectionId());
            case DOCUMENT -> p.sample().documentId().equals(hit.chunk().documentId());
            case EVIDENCE, JUDGED -> {
                List<String> quotes = p.quotes();
                if (quotes.isEmpty()) {
                    yield false;
                }
                String own = texts.of(hit.chunk());
                for (String quote : quotes) {
                    if (own.contains(quote)) {
                        yield true;
                    }
                }
                List<Chunk> context = hit.context();
                if (context.size() == 1 && context.getFirst() == hit.chunk()) {
                    yield false;
                }
                String returned = texts.context(hit);
                for (String quote : quotes) {
                    if (returned.contains(quote)) {
                        yield true;
                    }
                }
                yield false;
            }
        };
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
