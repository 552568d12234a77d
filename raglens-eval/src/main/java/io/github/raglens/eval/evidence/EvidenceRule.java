package io.github.raglens.eval.evidence;

import io.github.raglens.result.QuestionExclusion;
import java.util.Objects;
import java.util.Optional;

/**
 * When an evidence quote identifies its passage: it occurs in at least one chunk of the corpus and
 * in at most {@code maxChunks} (a passage, its parent section and an overlapping fragment hold the
 * same sentence), and has at least {@code minWords} words (a two-word phrase occurs by chance in
 * other texts, a retriever's or a service's). A quote failing the last two is ambiguous: evidence
 * relevance would credit any hit that happens to hold it. Question generation asks again for a
 * quote that passes; the benchmark leaves ambiguous ones out unless {@code keepAmbiguous}.
 *
 * @param minWords fewest words a quote may have, as {@link Evidence#words} counts them; at least 1
 * @param maxChunks most chunks a quote may occur in; at least 1
 * @param keepAmbiguous whether the benchmark keeps questions whose quote is ambiguous (counted apart)
 */
public record EvidenceRule(int minWords, int maxChunks, boolean keepAmbiguous) {

    /** Fewest words by default: about a sentence. */
    public static final int DEFAULT_MIN_WORDS = 6;

    /** Most chunks by default: a fragment, its parent section and the fragment overlapping it. */
    public static final int DEFAULT_MAX_CHUNKS = 3;

    /**
     * Validates the thresholds.
     *
     * @throws IllegalArgumentException if a threshold is below 1
     */
    public EvidenceRule {
        if (minWords < 1) {
            throw new IllegalArgumentException("minWords must be >= 1, was " + minWords);
        }
        if (maxChunks < 1) {
            throw new IllegalArgumentException("maxChunks must be >= 1, was " + maxChunks);
        }
    }

    /** At least 6 words, in at most 3 chunks; ambiguous quotes left out. */
    public static EvidenceRule defaults() {
        return new EvidenceRule(DEFAULT_MIN_WORDS, DEFAULT_MAX_CHUNKS, false);
    }

    /**
     * Checks one quote against the corpus.
     *
     * @param quote the quote as written; may be empty
     * @param corpus the corpus's chunks
     * @return its words, the chunks holding it, and what is wrong with it, if anything
     */
    public Check check(String quote, EvidenceIndex corpus) {
        Objects.requireNonNull(corpus, "corpus");
        int words = Evidence.words(quote);
        int chunks = words == 0 ? 0 : words < minWords ? (corpus.anyContains(quote) ? 1 : 0) : corpus.count(quote);
        return new Check(words, chunks, this);
    }

    /**
     * One quote's check.
     *
     * @param words its words
     * @param chunks the chunks of the corpus holding it; for a quote of fewer than the rule's words,
     *     whose problem does not depend on how many, only whether any does (0 or 1)
     * @param rule the rule it was checked by
     */
    public record Check(int words, int chunks, EvidenceRule rule) {

        /** Validates. */
        public Check {
            Objects.requireNonNull(rule, "rule");
        }

        /**
         * What keeps the quote from identifying its passage: no quote, in no chunk, too short, in too
         * many chunks (the first that applies); empty when it identifies it.
         */
        public Optional<QuestionExclusion> problem() {
            if (words == 0) {
                return Optional.of(QuestionExclusion.NO_EVIDENCE);
            }
            if (chunks == 0) {
                return Optional.of(QuestionExclusion.EVIDENCE_NOT_FOUND);
            }
            if (words < rule.minWords()) {
                return Optional.of(QuestionExclusion.EVIDENCE_TOO_SHORT);
            }
            if (chunks > rule.maxChunks()) {
                return Optional.of(QuestionExclusion.EVIDENCE_IN_MANY_CHUNKS);
            }
            return Optional.empty();
        }

        /** Whether a question with this quote is benchmarked under evidence relevance. */
        public boolean usable() {
            return problem()
                    .map(p -> rule.keepAmbiguous() && p.isAmbiguousEvidence())
                    .orElse(true);
        }

        /**
         * The problem in words with its figures, e.g. {@code "ambiguous evidence: 2 words, fewer than
         * 6"}; empty when there is none.
         */
        public String describe() {
            return problem()
                    .map(p -> switch (p) {
                        case NO_EVIDENCE -> "no evidence quote";
                        case EVIDENCE_NOT_FOUND -> "evidence in no chunk of the corpus";
                        case EVIDENCE_TOO_SHORT ->
                            "ambiguous evidence: " + words + (words == 1 ? " word" : " words") + ", fewer than "
                                    + rule.minWords();
                        case EVIDENCE_IN_MANY_CHUNKS ->
                            "ambiguous evidence: in " + chunks + " chunks of the corpus, more than " + rule.maxChunks();
                        case SOURCE_CHUNK_GONE -> p.description();
                    })
                    .orElse("");
        }
    }
}
