package io.github.raglens.eval.pool;

import io.github.raglens.eval.ScoredId;
import io.github.raglens.eval.evidence.Evidence;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The pool of a set of questions: per question, the union of every system's top {@code depth} hits
 * (a hit holding any of the question's evidence quotes marked as holding the evidence),
 * hits whose texts are the same in the evidence normal form ({@link Evidence#normalize}) merged into one passage, so a passage
 * two systems return under different ids (two chunkings, a service's own ids) is graded once and
 * counts alike for both. Each system's ranking is carried over to the pooled ids, hits beyond the
 * depth included (those whose text was pooled take its id; the others stay unjudged).
 *
 * <p>Immutable and thread-safe.
 */
public final class Pool {

    private final int depth;
    private final List<PoolQuestion> questions;
    private final Map<String, List<PooledPassage>> passages;
    private final Map<String, Map<String, List<String>>> runs;

    private Pool(
            int depth,
            List<PoolQuestion> questions,
            Map<String, List<PooledPassage>> passages,
            Map<String, Map<String, List<String>>> runs) {
        this.depth = depth;
        this.questions = questions;
        this.passages = passages;
        this.runs = runs;
    }

    /**
     * Pools the systems' rankings.
     *
     * @param questions the questions, in the order of the files
     * @param rankings per system (in order), per query id, the hits in rank order
     * @param depth how many top hits of each system enter the pool, {@code >= 1}
     * @throws IllegalArgumentException if {@code depth < 1}
     */
    public static Pool of(List<PoolQuestion> questions, Map<String, Map<String, List<PoolHit>>> rankings, int depth) {
        if (depth < 1) {
            throw new IllegalArgumentException("the pool depth must be >= 1, was " + depth);
        }
        Map<String, List<PooledPassage>> passages = new LinkedHashMap<>();
        Map<String, Map<String, List<String>>> runs = new LinkedHashMap<>();
        rankings.keySet().forEach(system -> runs.put(system, new LinkedHashMap<>()));
        for (PoolQuestion q : questions) {
            List<String> quotes = q.quotes().stream()
                    .map(Evidence::normalize)
                    .filter(quote -> !quote.isEmpty())
                    .toList();
            // each system's hits of the question, and their texts in the normal form, made once
            Map<String, List<PoolHit>> hitsOf = new LinkedHashMap<>();
            Map<String, List<String>> textsOf = new HashMap<>();
            rankings.forEach((system, ranking) -> {
                List<PoolHit> hits = ranking.getOrDefault(q.queryId(), List.of());
                hitsOf.put(system, hits);
                textsOf.put(
                        system,
                        hits.stream().map(h -> Evidence.normalize(h.text())).toList());
            });
            Map<String, PooledPassage> byText = new LinkedHashMap<>();
            Set<String> ids = new HashSet<>();
            hitsOf.forEach((system, hits) -> {
                List<String> texts = textsOf.get(system);
                for (int i = 0; i < Math.min(depth, hits.size()); i++) {
                    PoolHit hit = hits.get(i);
                    byText.computeIfAbsent(texts.get(i), text -> {
                        String id = distinct(hit.docId(), ids);
                        return new PooledPassage(id, hit.text(), quotes.stream().anyMatch(text::contains));
                    });
                }
            });
            passages.put(q.queryId(), List.copyOf(byText.values()));
            hitsOf.forEach((system, hits) ->
                    runs.get(system).put(q.queryId(), pooledIds(hits, textsOf.get(system), byText, ids)));
        }
        return new Pool(depth, List.copyOf(questions), passages, runs);
    }

    /** An id not yet used in the question: the hit's own, else it with {@code ~2}, {@code ~3} … */
    private static String distinct(String docId, Set<String> used) {
        String id = docId;
        for (int n = 2; !used.add(id); n++) {
            id = docId + "~" + n;
        }
        return id;
    }

    /**
     * A system's ranking in pooled ids, a passage it returns twice kept at its first rank.
     *
     * @param texts the hits' texts in the normal form, in the hits' order
     */
    private static List<String> pooledIds(
            List<PoolHit> hits, List<String> texts, Map<String, PooledPassage> byText, Set<String> ids) {
        List<String> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        Map<String, String> unpooled = new HashMap<>();
        for (int i = 0; i < hits.size(); i++) {
            PoolHit hit = hits.get(i);
            String text = texts.get(i);
            PooledPassage p = byText.get(text);
            String id = p != null ? p.id() : unpooled.computeIfAbsent(text, t -> distinct(hit.docId(), ids));
            if (seen.add(id)) {
                out.add(id);
            }
        }
        return List.copyOf(out);
    }

    /** How many top hits of each system entered the pool. */
    public int depth() {
        return depth;
    }

    /** The questions, in order. */
    public List<PoolQuestion> questions() {
        return questions;
    }

    /** The systems, in order. */
    public List<String> systems() {
        return List.copyOf(runs.keySet());
    }

    /** A question's pooled passages, in the order they were first met (system by system, by rank). */
    public List<PooledPassage> passages(String queryId) {
        return passages.getOrDefault(queryId, List.of());
    }

    /** Every question's pooled passages: the passages to grade. */
    public int size() {
        return passages.values().stream().mapToInt(List::size).sum();
    }

    /**
     * A system's run over the pooled ids: per query id, its passages with scores that are its reverse
     * ranks, so {@code trec_eval} reads them in the system's own order whatever the ids.
     */
    public Map<String, List<ScoredId>> run(String system) {
        Map<String, List<String>> byQuery =
                Objects.requireNonNull(runs.get(system), () -> "no system '" + system + "'");
        Map<String, List<ScoredId>> out = new LinkedHashMap<>();
        byQuery.forEach((qid, ids) -> {
            List<ScoredId> scored = new ArrayList<>();
            for (int i = 0; i < ids.size(); i++) {
                scored.add(new ScoredId(ids.get(i), ids.size() - i));
            }
            out.put(qid, List.copyOf(scored));
        });
        return out;
    }
}
