package io.github.raglens;

import io.github.raglens.eval.evidence.Evidence;
import java.util.List;
import java.util.Objects;

/**
 * Where an evidence quote occurs in a text, by the rule evidence relevance counts a hit with: both
 * in one normal form (NFKC, every kind of space one space, typographic quotes and dashes plain,
 * invisible characters dropped; case kept). A page that highlights a question's evidence in a hit
 * shows exactly what the benchmark counted.
 *
 * <p>The quote comes first and the text second, as in raglens's own evidence rule. Stateless and thread-safe.
 */
public final class EvidenceMatch {

    private EvidenceMatch() {}

    /**
     * A stretch of a text, in its own {@code char} positions.
     *
     * @param start the first position
     * @param end the position after the last
     */
    public record Span(int start, int end) {}

    /** Whether {@code quote} occurs in {@code text}; false for a blank quote. */
    public static boolean occursIn(String quote, String text) {
        return Evidence.occursIn(Objects.requireNonNull(quote, "quote"), Objects.requireNonNull(text, "text"));
    }

    /**
     * The stretches of {@code text}, as written, where {@code quote} occurs.
     *
     * @return the stretches in text order, not overlapping; empty when the quote does not occur or
     *     is blank
     */
    public static List<Span> find(String quote, String text) {
        Objects.requireNonNull(quote, "quote");
        Objects.requireNonNull(text, "text");
        return Evidence.find(quote, text).stream()
                .map(s -> new Span(s.start(), s.end()))
                .toList();
    }
}
