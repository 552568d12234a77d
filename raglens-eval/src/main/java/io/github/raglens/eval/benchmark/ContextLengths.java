package io.github.raglens.eval.benchmark;

import io.github.raglens.error.Setting;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The retrievers' mean context lengths, and whether they differ so widely that length alone can
 * decide a comparison: a context of 2,600 characters holds a given sentence far more often than one
 * of 500, whatever the ranking's quality. Retrievers that returned nothing are left out.
 */
final class ContextLengths {

    /** How many times longer the longest mean context must be than the shortest to differ widely. */
    static final int WIDE = 2;

    private final Map<String, Double> means = new LinkedHashMap<>();

    /** @param means each retriever's mean context length in characters, in report order; 0 when none */
    ContextLengths(Map<String, Double> means) {
        means.forEach((retriever, chars) -> {
            if (chars > 0) {
                this.means.put(retriever, chars);
            }
        });
    }

    /** Whether two retrievers' mean context lengths differ {@value #WIDE}-fold or more. */
    boolean differWidely() {
        return means.size() >= 2 && longest() >= WIDE * shortestMean();
    }

    /** The shortest mean context length, rounded, at least 1; 1 when no retriever returned anything. */
    int shortest() {
        return means.isEmpty() ? 1 : (int) Math.max(1, Math.round(shortestMean()));
    }

    /** E.g. {@code "mean context lengths differ widely: windows 500, bm25 2609 characters"}. */
    String describe() {
        List<String> parts = new ArrayList<>();
        means.forEach((retriever, chars) -> parts.add(retriever + " " + Math.round(chars)));
        return "mean context lengths differ widely: " + String.join(", ", parts) + " characters";
    }

    /**
     * What the user should know when the lengths differ widely: that length can decide the verdict,
     * and where the comparison that removes it is.
     *
     * @param fairChars the length-fair comparison's characters per rank; 0 when it is not made
     */
    Optional<String> warning(int fairChars) {
        if (!differWidely()) {
            return Optional.empty();
        }
        String fix = fairChars > 0
                ? "the length-fair comparison beside the default reads every retriever " + fairChars
                        + " characters a rank"
                : "evidence relevance (" + Setting.RELEVANCE.apiName() + ") adds a length-fair comparison";
        return Optional.of(describe() + ", and a longer context holds the target more often whatever the ranking,"
                + " so length alone can decide a comparison; " + fix);
    }

    private double shortestMean() {
        return means.values().stream().mapToDouble(Double::doubleValue).min().orElse(0);
    }

    private double longest() {
        return means.values().stream().mapToDouble(Double::doubleValue).max().orElse(0);
    }
}
