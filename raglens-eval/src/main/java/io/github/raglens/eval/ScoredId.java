package io.github.raglens.eval;

import java.util.Comparator;
import java.util.Objects;

/**
 * A document (or chunk) id with the score a system gave it, as in one line of a TREC run.
 *
 * @param id the document or chunk id
 * @param score the system's score; higher is better
 */
public record ScoredId(String id, double score) {

    /**
     * {@code trec_eval}'s ranking order: score descending, compared as C {@code float} as {@code
     * trec_eval} reads it (so 0.30000001 and 0.3 tie), then id descending in the byte order of its UTF-8
     * encoding ({@code strcmp}), which is code point order and differs from {@link String#compareTo}
     * for characters outside the Basic Multilingual Plane. The one definition of the order used by
     * {@code trec-eval}, the benchmark and its exported runs. Consistent with equals only for distinct
     * ids.
     */
    public static final Comparator<ScoredId> TREC_ORDER = (a, b) -> {
        float x = (float) a.score;
        float y = (float) b.score;
        if (x > y) {
            return -1;
        }
        if (x < y) {
            return 1;
        }
        return compareCodePoints(b.id, a.id);
    };

    /** Validates that the id is not null and the score is a number. */
    public ScoredId {
        Objects.requireNonNull(id, "id");
        if (Double.isNaN(score)) {
            throw new IllegalArgumentException("score of '" + id + "' is NaN");
        }
    }

    /** Compares as the UTF-8 bytes of the strings compare, unsigned, without encoding them. */
    private static int compareCodePoints(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            int ca = a.codePointAt(i);
            int cb = b.codePointAt(j);
            if (ca != cb) {
                return Integer.compare(ca, cb);
            }
            i += Character.charCount(ca);
            j += Character.charCount(cb);
        }
        return Boolean.compare(i < a.length(), j < b.length());
    }
}
