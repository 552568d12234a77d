package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Metrics computed from the text alone, without a judge model: string-similarity context precision
 * and recall against the source chunk, ROUGE-L, BLEU, exact and substring match. Thread-safe.
 */
final class TextMetric implements Judge {

    /** Similarity at or above which a retrieved context counts as the source (precision). */
    static final double THRESHOLD = 0.5;

    /**
     * The version of this metric's arithmetic: how the score follows from the judge's replies, and
     * which cells fail or score without them. It is part of {@link #version()}, so stored scores are
     * made again when it changes; raise it with any such change ({@code MetricFingerprintTest} fails
     * until it is raised, from the scores of fixed cells).
     */
    static final String ARITHMETIC = "text-1";

    private final String name;
    private final Function<JudgeInput, Judgement> fn;

    private TextMetric(String name, Function<JudgeInput, Judgement> fn) {
        this.name = name;
        this.fn = fn;
    }

    /**
     * String-similarity context precision: each retrieved context in rank order is relevant when its
     * Levenshtein similarity to a reference context is at least 0.5; the score is the average
     * precision of those verdicts. Needs reference contexts ({@code no-reference} otherwise).
     */
    public static TextMetric stringContextPrecision() {
        return new TextMetric(JudgeMetric.STRING_CONTEXT_PRECISION.label(), c -> {
            if (c.referenceContexts().isEmpty()) {
                return new Judgement.Failed("no-reference", "string context precision needs the source chunk");
            }
            if (c.contexts().isEmpty()) {
                return new Judgement.Scored(0, "no contexts were retrieved");
            }
            int[] v = new int[c.contexts().size()];
            for (int k = 0; k < v.length; k++) {
                v[k] = maxSimilarity(c.contexts().get(k), c.referenceContexts()) >= THRESHOLD ? 1 : 0;
            }
            return new Judgement.Scored(
                    ContextPrecision.averagePrecision(v), "verdicts " + java.util.Arrays.toString(v));
        });
    }

    /**
     * String-similarity context recall: the share of reference contexts whose best Levenshtein
     * similarity to a retrieved context is above 0.5. Needs reference contexts.
     */
    public static TextMetric stringContextRecall() {
        return new TextMetric(JudgeMetric.STRING_CONTEXT_RECALL.label(), c -> {
            if (c.referenceContexts().isEmpty()) {
                return new Judgement.Failed("no-reference", "string context recall needs the source chunk");
            }
            int found = 0;
            for (String ref : c.referenceContexts()) {
                if (maxSimilarity(ref, c.contexts()) > THRESHOLD) {
                    found++;
                }
            }
            return new Judgement.Scored(
                    (double) found / c.referenceContexts().size(),
                    found + " of " + c.referenceContexts().size() + " reference contexts retrieved");
        });
    }

    /** ROUGE-L F-measure of the answer against the reference answer. */
    public static TextMetric rougeL() {
        return withReference(JudgeMetric.ROUGE_L.label(), (a, r) -> TextScores.rougeL(a, r));
    }

    /** BLEU-4 of the whole answer against the whole reference answer (not only the first sentence). */
    public static TextMetric bleu() {
        return withReference(JudgeMetric.BLEU.label(), (a, r) -> TextScores.bleu(a, r));
    }

    /** 1 when the answer equals the reference answer (ignoring surrounding white space), else 0. */
    public static TextMetric exactMatch() {
        return withReference(
                JudgeMetric.EXACT_MATCH.label(), (a, r) -> a.strip().equals(r.strip()) ? 1.0 : 0.0);
    }

    /** 1 when the answer contains the reference answer, else 0. */
    public static TextMetric substringMatch() {
        return withReference(JudgeMetric.SUBSTRING_MATCH.label(), (a, r) -> a.contains(r.strip()) ? 1.0 : 0.0);
    }

    private static TextMetric withReference(String name, java.util.function.BiFunction<String, String, Double> f) {
        return new TextMetric(name, c -> {
            if (c.reference().isBlank()) {
                return new Judgement.Failed("no-reference", name + " needs a reference answer");
            }
            double s = f.apply(c.answer(), c.reference());
            return new Judgement.Scored(s, String.format(Locale.ROOT, "%s %.4f", name, s));
        });
    }

    private static double maxSimilarity(String text, List<String> others) {
        double best = 0;
        for (String o : others) {
            best = Math.max(best, TextScores.levenshteinSimilarity(text, o));
        }
        return best;
    }

    @Override
    public String metric() {
        return name;
    }

    @Override
    public String version() {
        return ARITHMETIC;
    }

    /** Returns {@code false}: text metrics need no model. */
    @Override
    public boolean usesModel() {
        return false;
    }

    @Override
    public Judgement judge(JudgeInput input) {
        return fn.apply(input);
    }

    @Override
    public String toString() {
        return name;
    }
}
