package io.github.raglens.retrieval;

import io.github.raglens.internal.SectionTitles;
import io.github.raglens.model.Chunk;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;

/**
 * What every retriever filters out, and how deep it searches so that enough clean hits remain.
 *
 * <p>A chunk is excluded when the last element of its section path (the section's own title), after
 * normalisation, equals one of the excluded titles. Normalisation lower-cases, drops a leading section
 * number ({@code "7"}, {@code "7.2."}, {@code "A.1"}, {@code "IV."}), drops punctuation and collapses
 * white space, so {@code "7. References"} and {@code "REFERENCES:"} both match {@code references}.
 *
 * <p>Retrievers ask their source for {@code k × overRetrievalFactor} candidates, drop the excluded
 * ones, and ask again with twice the depth while fewer than {@code k} clean hits remain and the source
 * had more to give.
 *
 * @param excludedSectionTitles normalised section titles never returned; may be empty
 * @param overRetrievalFactor how many candidates to fetch per requested hit; at least 1
 */
public record RetrievalConfig(Set<String> excludedSectionTitles, int overRetrievalFactor) {

    /** The section titles excluded by default. */
    public static final Set<String> DEFAULT_EXCLUDED_SECTION_TITLES = SectionTitles.DEFAULT_EXCLUDED;

    /** The default over-retrieval factor. */
    public static final int DEFAULT_OVER_RETRIEVAL_FACTOR = 3;

    /** Validates the fields and normalises the titles. */
    public RetrievalConfig {
        Objects.requireNonNull(excludedSectionTitles, "excludedSectionTitles");
        if (overRetrievalFactor < 1) {
            throw new IllegalArgumentException("overRetrievalFactor must be >= 1, was " + overRetrievalFactor);
        }
        Set<String> normalised = new LinkedHashSet<>();
        for (String t : excludedSectionTitles) {
            String n = normalise(Objects.requireNonNull(t, "excluded section title"));
            if (!n.isEmpty()) {
                normalised.add(n);
            }
        }
        excludedSectionTitles = Set.copyOf(normalised);
    }

    /** The defaults: the bibliography-like titles above and a factor of 3. */
    public static RetrievalConfig defaults() {
        return new RetrievalConfig(DEFAULT_EXCLUDED_SECTION_TITLES, DEFAULT_OVER_RETRIEVAL_FACTOR);
    }

    /** No section excluded (e.g. for BEIR corpora, whose documents have no sections), factor 3. */
    public static RetrievalConfig noExclusions() {
        return new RetrievalConfig(Set.of(), DEFAULT_OVER_RETRIEVAL_FACTOR);
    }

    /** A copy with other excluded titles. */
    public RetrievalConfig withExcludedSectionTitles(Set<String> titles) {
        return new RetrievalConfig(titles, overRetrievalFactor);
    }

    /** A copy with another over-retrieval factor. */
    public RetrievalConfig withOverRetrievalFactor(int factor) {
        return new RetrievalConfig(excludedSectionTitles, factor);
    }

    /** Whether retrievers must drop this chunk. */
    public boolean isExcluded(Chunk chunk) {
        if (excludedSectionTitles.isEmpty()) {
            return false;
        }
        return excludedSectionTitles.contains(SectionTitles.ownTitle(chunk.sectionPath()));
    }

    /**
     * Normalises a section title for comparison.
     *
     * @param title a section title
     * @return lower case, without a leading section number, punctuation or extra white space
     */
    public static String normalise(String title) {
        return SectionTitles.normalise(title);
    }
}
