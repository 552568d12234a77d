package io.github.raglens.eval.questions;

import io.github.raglens.eval.evidence.Evidence;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The lexical overlap of a question with its source text: the share of the question's distinct
 * content-word stems that also occur in the text. A content word is a run of letters and digits (in
 * {@link Evidence#normalize(String) normalised}, lower-cased text) that is not a common function
 * word; its stem drops a plural or verb ending ({@code methods} and {@code method}, {@code trained}
 * and {@code training} share one). 0 means the question shares no content word with the text, 1 that
 * it uses only the text's words. LLM-written questions tend to reuse their chunk's words, which
 * favours lexical retrievers; question generation (the paraphrase style's re-ask) and the benchmark
 * (its overlap bands) both measure it with this one function. Thread-safe.
 */
public final class LexicalOverlap {

    private static final Set<String> STOPWORDS = Set.of(
            "a", "an", "and", "are", "as", "at", "be", "by", "can", "did", "do", "does", "for", "from", "how", "in",
            "is", "it", "its", "of", "on", "or", "that", "the", "their", "there", "this", "to", "was", "were", "what",
            "when", "where", "which", "who", "whom", "why", "with");

    private LexicalOverlap() {}

    /**
     * The share, in [0, 1], of the question's distinct content-word stems present in the text; 0 for a
     * question without content words.
     */
    public static double of(String question, String text) {
        return of(question, List.of(text));
    }

    /**
     * The overlap of a question with several source texts at once (the two chunks of a multi-hop
     * question): the share of its stems present in any of them.
     */
    public static double of(String question, List<String> texts) {
        Set<String> q = stems(question);
        if (q.isEmpty()) {
            return 0;
        }
        Set<String> t = new HashSet<>();
        texts.forEach(text -> t.addAll(stems(text)));
        int present = 0;
        for (String stem : q) {
            if (t.contains(stem)) {
                present++;
            }
        }
        return (double) present / q.size();
    }

    /** The distinct content-word stems of a text. */
    static Set<String> stems(String text) {
        Set<String> out = new HashSet<>();
        String lower = Evidence.normalize(text).toLowerCase(Locale.ROOT);
        int start = -1;
        for (int i = 0; i <= lower.length(); i++) {
            boolean word = i < lower.length() && Character.isLetterOrDigit(lower.charAt(i));
            if (word && start < 0) {
                start = i;
            } else if (!word && start >= 0) {
                String term = lower.substring(start, i);
                if (!STOPWORDS.contains(term)) {
                    out.add(stem(term));
                }
                start = -1;
            }
        }
        return out;
    }

    /**
     * A word without its commonest English inflection, so that a question's {@code trained} finds the
     * text's {@code training}: {@code -ies} becomes {@code -y}; {@code -es} after s, x, z, ch or sh,
     * {@code -s} (not {@code -ss}), {@code -ing} and {@code -ed} are dropped while at least three
     * letters remain. Digits and short words stay as they are.
     */
    static String stem(String word) {
        int n = word.length();
        if (n <= 3 || !word.chars().allMatch(Character::isLetter)) {
            return word;
        }
        if (word.endsWith("ies") && n > 4) {
            return word.substring(0, n - 3) + "y";
        }
        if (word.endsWith("ing") && n - 3 >= 3) {
            return word.substring(0, n - 3);
        }
        if (word.endsWith("ed") && n - 2 >= 3) {
            return word.substring(0, n - 2);
        }
        if (word.endsWith("es") && n - 2 >= 3) {
            String base = word.substring(0, n - 2);
            if (base.endsWith("s")
                    || base.endsWith("x")
                    || base.endsWith("z")
                    || base.endsWith("ch")
                    || base.endsWith("sh")) {
                return base;
            }
        }
        if (word.endsWith("s") && !word.endsWith("ss") && n - 1 >= 3) {
            return word.substring(0, n - 1);
        }
        return word;
    }
}
