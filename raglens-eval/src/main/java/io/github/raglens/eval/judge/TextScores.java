package io.github.raglens.eval.judge;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The arithmetic of the text metrics: string similarity, ROUGE-L and BLEU. */
final class TextScores {

    private static final Pattern BLEU_TOKEN = Pattern.compile("[\\p{L}\\p{N}]+|[^\\s\\p{L}\\p{N}]");
    private static final Pattern ROUGE_TOKEN = Pattern.compile("[\\p{L}\\p{N}]+");
    private static final int BLEU_ORDER = 4;

    private TextScores() {}

    /** 1 − Levenshtein distance / length of the longer string; 1 for two empty strings. */
    static double levenshteinSimilarity(String a, String b) {
        int n = a.length();
        int m = b.length();
        if (n == 0 && m == 0) {
            return 1;
        }
        int[] prev = new int[m + 1];
        int[] cur = new int[m + 1];
        for (int j = 0; j <= m; j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= n; i++) {
            cur[0] = i;
            char ca = a.charAt(i - 1);
            for (int j = 1; j <= m; j++) {
                int cost = ca == b.charAt(j - 1) ? 0 : 1;
                cur[j] = Math.min(Math.min(cur[j - 1] + 1, prev[j] + 1), prev[j - 1] + cost);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return 1 - (double) prev[m] / Math.max(n, m);
    }

    /** ROUGE-L F-measure over lowercased word tokens; 0 when either side has no token. */
    static double rougeL(String candidate, String reference) {
        List<String> c = tokens(ROUGE_TOKEN, candidate.toLowerCase(Locale.ROOT));
        List<String> r = tokens(ROUGE_TOKEN, reference.toLowerCase(Locale.ROOT));
        if (c.isEmpty() || r.isEmpty()) {
            return 0;
        }
        int lcs = lcs(c, r);
        if (lcs == 0) {
            return 0;
        }
        double p = (double) lcs / c.size();
        double rec = (double) lcs / r.size();
        return 2 * p * rec / (p + rec);
    }

    /**
     * BLEU-4 of the whole candidate against the whole reference (one segment each), with brevity
     * penalty and exponential smoothing of zero n-gram matches, on a scale of 0 to 1.
     */
    static double bleu(String candidate, String reference) {
        List<String> c = tokens(BLEU_TOKEN, candidate);
        List<String> r = tokens(BLEU_TOKEN, reference);
        if (c.isEmpty() || r.isEmpty()) {
            return 0;
        }
        double logSum = 0;
        double smooth = 1;
        for (int n = 1; n <= BLEU_ORDER; n++) {
            int total = Math.max(0, c.size() - n + 1);
            if (total == 0) {
                return 0;
            }
            Map<List<String>, Integer> refCounts = ngrams(r, n);
            Map<List<String>, Integer> candCounts = ngrams(c, n);
            int correct = 0;
            for (Map.Entry<List<String>, Integer> e : candCounts.entrySet()) {
                correct += Math.min(e.getValue(), refCounts.getOrDefault(e.getKey(), 0));
            }
            double precision;
            if (correct == 0) {
                smooth *= 2;
                precision = 1 / (smooth * total);
            } else {
                precision = (double) correct / total;
            }
            logSum += Math.log(precision);
        }
        double bp = c.size() < r.size() ? Math.exp(1 - (double) r.size() / c.size()) : 1;
        return Math.min(1, bp * Math.exp(logSum / BLEU_ORDER));
    }

    /** Average precision of binary verdicts; see {@link ContextPrecision#averagePrecision}. */
    static double averagePrecision(int[] verdicts) {
        return ContextPrecision.averagePrecision(verdicts);
    }

    static List<String> tokens(Pattern p, String s) {
        List<String> out = new ArrayList<>();
        Matcher m = p.matcher(s);
        while (m.find()) {
            out.add(m.group());
        }
        return out;
    }

    private static Map<List<String>, Integer> ngrams(List<String> tokens, int n) {
        Map<List<String>, Integer> counts = new HashMap<>();
        for (int i = 0; i + n <= tokens.size(); i++) {
            counts.merge(List.copyOf(tokens.subList(i, i + n)), 1, Integer::sum);
        }
        return counts;
    }

    private static int lcs(List<String> a, List<String> b) {
        int[] prev = new int[b.size() + 1];
        int[] cur = new int[b.size() + 1];
        for (int i = 1; i <= a.size(); i++) {
            for (int j = 1; j <= b.size(); j++) {
                cur[j] = a.get(i - 1).equals(b.get(j - 1)) ? prev[j - 1] + 1 : Math.max(prev[j], cur[j - 1]);
            }
            int[] t = prev;
            prev = cur;
            cur = t;
            java.util.Arrays.fill(cur, 0);
        }
        return prev[b.size()];
    }
}
