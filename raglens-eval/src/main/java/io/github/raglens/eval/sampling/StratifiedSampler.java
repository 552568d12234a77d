package io.github.raglens.eval.sampling;

import io.github.raglens.model.QuestionSample;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * Picks a sample proportional to each source document's share of the items, seeded and stable.
 *
 * <p>Allocation: each document gets {@code floor(size × itsItems / allItems)} items; the places left
 * over go to the documents with the largest remainders (ties: the smaller document id first), so
 * the quotas sum to {@code size} exactly.
 *
 * <p>Selection: within a document, items are ranked by a seeded 64-bit hash of their id and the
 * first {@code quota} are taken. The rank of an item never depends on the other items, so adding
 * questions later keeps every earlier pick whose document's quota did not shrink, and a rerun with
 * the same items and seed picks exactly the same ones regardless of input order.
 *
 * <p>Immutable and thread-safe. Default seed 42.
 */
public final class StratifiedSampler {

    /** Default seed. */
    public static final long DEFAULT_SEED = 42;

    private final long seed;

    private StratifiedSampler(long seed) {
        this.seed = seed;
    }

    /** A sampler with seed 42. */
    public static StratifiedSampler defaults() {
        return new StratifiedSampler(DEFAULT_SEED);
    }

    /** A sampler with the given seed. */
    public static StratifiedSampler withSeed(long seed) {
        return new StratifiedSampler(seed);
    }

    /** The seed. */
    public long seed() {
        return seed;
    }

    /**
     * Samples questions proportionally per {@link QuestionSample#documentId()}, ranked by {@link
     * QuestionSample#id()}.
     *
     * @param questions the questions to sample from; ids must be distinct
     * @param size how many to pick; all of them when {@code size} is at least their number
     * @return the picked questions ordered by document id, then by their seeded rank
     * @throws IllegalArgumentException if {@code size < 0} or two questions share an id
     */
    public List<QuestionSample> sample(List<QuestionSample> questions, int size) {
        return sample(questions, size, QuestionSample::id, QuestionSample::documentId);
    }

    /**
     * Samples any items proportionally per group.
     *
     * @param items the items; ids must be distinct
     * @param size how many to pick; all of them when {@code size} is at least their number
     * @param idOf the stable id of an item, which decides its rank within its group
     * @param groupOf the stratum of an item, e.g. its source document
     * @param <T> the item type
     * @return the picked items ordered by group, then by their seeded rank
     * @throws IllegalArgumentException if {@code size < 0} or two items share an id
     */
    public <T> List<T> sample(List<T> items, int size, Function<T, String> idOf, Function<T, String> groupOf) {
        Objects.requireNonNull(items, "items");
        Objects.requireNonNull(idOf, "idOf");
        Objects.requireNonNull(groupOf, "groupOf");
        if (size < 0) {
            throw new IllegalArgumentException("sample size must be >= 0, was " + size);
        }
        Map<String, List<Ranked<T>>> groups = new TreeMap<>();
        java.util.Set<String> ids = new java.util.HashSet<>();
        for (T item : items) {
            String id = Objects.requireNonNull(idOf.apply(item), "id of item");
            if (!ids.add(id)) {
                throw new IllegalArgumentException("two items share the id '" + id + "'; ids must be distinct");
            }
            String group = Objects.requireNonNull(groupOf.apply(item), "group of item");
            groups.computeIfAbsent(group, g -> new ArrayList<>()).add(new Ranked<>(item, id, rank(id)));
        }
        Comparator<Ranked<T>> byRank =
                Comparator.<Ranked<T>>comparingLong(Ranked::rank).thenComparing(Ranked::id);
        for (List<Ranked<T>> g : groups.values()) {
            g.sort(byRank);
        }
        int total = items.size();
        int target = Math.min(size, total);
        List<String> names = new ArrayList<>(groups.keySet());
        int[] quota = new int[names.size()];
        double[] remainder = new double[names.size()];
        int assigned = 0;
        for (int i = 0; i < names.size(); i++) {
            long groupSize = groups.get(names.get(i)).size();
            // Exact integer arithmetic: floor(target * groupSize / total) and its remainder.
            long scaled = target * groupSize;
            quota[i] = (int) (scaled / total);
            remainder[i] = (double) (scaled % total) / total;
            assigned += quota[i];
        }
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < names.size(); i++) {
            order.add(i);
        }
        // Names are sorted, so a stable sort by remainder keeps the smaller id first on ties.
        order.sort(Comparator.comparingDouble((Integer i) -> remainder[i]).reversed());
        for (int j = 0; assigned < target; j++) {
            int i = order.get(j % order.size());
            if (quota[i] < groups.get(names.get(i)).size()) {
                quota[i]++;
                assigned++;
            }
        }
        List<T> out = new ArrayList<>(target);
        for (int i = 0; i < names.size(); i++) {
            List<Ranked<T>> g = groups.get(names.get(i));
            for (int j = 0; j < quota[i]; j++) {
                out.add(g.get(j).item());
            }
        }
        return out;
    }

    /** The seeded rank of an id: FNV-1a over its UTF-8 bytes, mixed with the seed by SplitMix64. */
    long rank(String id) {
        long h = 0xcbf29ce484222325L;
        for (byte b : id.getBytes(StandardCharsets.UTF_8)) {
            h ^= b & 0xff;
            h *= 0x100000001b3L;
        }
        long z = h + seed * 0x9e3779b97f4a7c15L;
        z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
        z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
        return z ^ (z >>> 31);
    }

    private record Ranked<T>(T item, String id, long rank) {}

    @Override
    public String toString() {
        return "StratifiedSampler{seed=" + seed + "}";
    }
}
