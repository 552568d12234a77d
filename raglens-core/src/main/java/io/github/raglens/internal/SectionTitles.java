package io.github.raglens.internal;

import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Section titles as retrievers compare them when leaving out bibliography-like sections, shared by
 * every backend. Stateless and thread-safe.
 */
public final class SectionTitles {

    /** The section titles excluded by default, normalised. */
    public static final Set<String> DEFAULT_EXCLUDED =
            Set.of("references", "bibliography", "contents", "index", "list of figures", "list of tables");

    private static final Pattern SECTION_NUMBER =
            Pattern.compile("^(?:\\d+(?:\\.\\d+)*\\.?|[a-z](?:\\.\\d+)+\\.?|[a-z]\\.|[ivxlcdm]+\\.)\\s+");
    private static final Pattern NON_WORD = Pattern.compile("[^\\p{L}\\p{N}]+");

    private SectionTitles() {}

    /**
     * Normalises a section title for comparison: lower case, without a leading section number
     * ({@code "7"}, {@code "7.2."}, {@code "A.1"}, {@code "IV."}), punctuation or extra white space.
     */
    public static String normalise(String title) {
        String t = title.strip().toLowerCase(Locale.ROOT);
        // lookingAt, not replaceFirst: find() would try the anchored pattern at every position.
        Matcher number = SECTION_NUMBER.matcher(t);
        if (number.lookingAt()) {
            t = t.substring(number.end());
        }
        return NON_WORD.matcher(t).replaceAll(" ").strip();
    }

    /** The normalised title of a section path's last element (the section's own title). */
    public static String ownTitle(String sectionPath) {
        int cut = sectionPath.lastIndexOf('>');
        return normalise(cut < 0 ? sectionPath : sectionPath.substring(cut + 1));
    }
}
