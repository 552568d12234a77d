package io.github.raglens.eval.benchmark;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The share of a question's content terms that occur in its source text. LLM-written questions
 * tend to reuse the chunk's words, which favours BM25; this score shows how much.
 */
final class LexicalOverlap {

    private static final Set<String> STOPWORDS = Set.of(
            "a", "an", "and", "are", "as", "at", "be", "by", "can", "did", "do", "does", "for", "from", "how", "in",
            "is", "it", "its", "of", "on", "or", "that", "the", "their", "there", "this", "to", "was", "were", "what",
            "when", "where", "which", "who", "whom", "why", "with");

    private LexicalOverlap() {}

    /**
     * The share, in [0, 1], of the question's distinct content terms (lower-cased letter/digit runs,
     * common function words dropped) present in the text; 0 for a question without content terms.
     */
    public static double of(String question, String text) {
        Set<String> q = terms(question);
        if (q.isEmpty()) {
            return 0;
        }
        Set<String> t = terms(text);
        int present = 0;
        for (String term : q) {
            if (t.contains(term)) {
                present++;
            }
        }
        return (double) present / q.size();
    }

    static Set<String> terms(String text) {
        Set<String> out = new HashSet<>();
        String lower = text.toLowerCase(Locale.ROOT);
        int start = -1;
        for (int i = 0; i <= lower.length(); i++) {
            boolean word = i < lower.length() && Character.isLetterOrDigit(lower.charAt(i));
            if (word && start < 0) {
                start = i;
            } else if (!word && start >= 0) {
                String term = lower.substring(start, i);
                if (!STOPWORDS.contains(term)) {
                    out.add(term);
                }
                start = -1;
            }
        }
        return out;
    }
}
