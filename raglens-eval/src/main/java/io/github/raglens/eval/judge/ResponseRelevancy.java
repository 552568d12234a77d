package io.github.raglens.eval.judge;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Response relevancy: the judge writes three questions the answer answers (one call), and the score
 * is the mean cosine similarity of their embeddings to the real question's, or 0 when every
 * generated question is marked noncommittal. Negative cosines count as 0 so that the score stays in
 * [0, 1].
 *
 * <p>Needs the session's embedding provider; without one every cell fails with {@code
 * no-embeddings}. No generated question fails with {@code no-statements}. Thread-safe.
 */
final class ResponseRelevancy implements RepeatableMetric {

    /**
     * The version of this metric's arithmetic: how the score follows from the judge's replies, and
     * which cells fail or score without them. It is part of {@link #version()}, so stored scores are
     * made again when it changes; raise it with any such change ({@code MetricFingerprintTest} fails
     * until it is raised, from the scores of fixed cells).
     */
    static final String ARITHMETIC = "cosine-1";

    private final JudgeSession session;

    private ResponseRelevancy(JudgeSession session) {
        this.session = Objects.requireNonNull(session, "session");
    }

    /** Response relevancy judged in the session, with the session's embedding provider. */
    public static ResponseRelevancy of(JudgeSession session) {
        return new ResponseRelevancy(session);
    }

    /** This metric judging in repeat {@code r} (0 is this metric); see {@link Scorer.Builder#repeats}. */
    @Override
    public Judge repeat(int r) {
        return new ResponseRelevancy(session.repeat(r));
    }

    @Override
    public String metric() {
        return JudgeMetric.RESPONSE_RELEVANCY.label();
    }

    @Override
    public String version() {
        return Prompts.QUESTIONS_VERSION + "+"
                + session.embeddings().map(EmbeddingProvider::modelName).orElse("no-embeddings") + "+" + ARITHMETIC;
    }

    record Generated(String question, boolean noncommittal) {}

    @Override
    public Judgement judge(JudgeInput in) {
        return Decomposition.guard(() -> {
            if (session.embeddings().isEmpty()) {
                return new Judgement.Failed("no-embeddings", "response relevancy needs an embedding provider");
            }
            List<Generated> generated = session.ask(
                    key(session.modelName(), in.answer()), Prompts.questions(in.answer()), ResponseRelevancy::read);
            if (generated.isEmpty()) {
                return new Judgement.Failed("no-statements", "the judge generated no question from the answer");
            }
            List<String> texts = new ArrayList<>();
            texts.add(in.question());
            generated.forEach(g -> texts.add(g.question()));
            List<float[]> vectors = session.embed(texts, EmbeddingPurpose.QUERY);
            double[] cosines = new double[generated.size()];
            double sum = 0;
            for (int i = 0; i < cosines.length; i++) {
                cosines[i] = Math.max(0, cosine(vectors.get(0), vectors.get(i + 1)));
                sum += cosines[i];
            }
            boolean allNoncommittal = generated.stream().allMatch(Generated::noncommittal);
            double score = allNoncommittal ? 0 : sum / cosines.length;
            StringBuilder sb = new StringBuilder(String.format(
                    Locale.ROOT,
                    "mean cosine %.4f of %d generated questions%s",
                    sum / cosines.length,
                    cosines.length,
                    allNoncommittal ? "; every one noncommittal, so 0" : ""));
            for (int i = 0; i < cosines.length; i++) {
                sb.append(String.format(
                        Locale.ROOT, "%n%.4f %s", cosines[i], generated.get(i).question()));
            }
            return new Judgement.Scored(Math.min(1, score), sb.toString());
        });
    }

    /** The key of the call generating questions from an answer. */
    static String key(String model, String answer) {
        return Prompts.key(Prompts.QUESTIONS_VERSION, model, answer);
    }

    static List<Generated> read(JsonNode reply) {
        JsonNode arr = reply.path("questions");
        if (!arr.isArray()) {
            throw new IllegalArgumentException("the judge's reply has no \"questions\" array");
        }
        List<Generated> out = new ArrayList<>();
        for (JsonNode n : arr) {
            String q = n.path("question").asText("").strip();
            JsonNode nc = n.path("noncommittal");
            if (!nc.isIntegralNumber() || (nc.asInt() != 0 && nc.asInt() != 1)) {
                throw new IllegalArgumentException("a noncommittal flag in the judge's reply is not 0 or 1: " + nc);
            }
            if (!q.isEmpty()) {
                out.add(new Generated(q, nc.asInt() == 1));
            }
        }
        return List.copyOf(out);
    }

    static double cosine(float[] a, float[] b) {
        if (a.length != b.length) {
            throw new CellFailure(
                    "provider-error", "embeddings of different lengths: " + a.length + " and " + b.length);
        }
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        double cos = na == 0 || nb == 0 ? 0 : dot / Math.sqrt(na * nb);
        if (Double.isNaN(cos)) {
            throw new CellFailure("provider-error", "the embedding provider returned a vector with NaN or infinity");
        }
        return cos;
    }

    @Override
    public String toString() {
        return JudgeMetric.RESPONSE_RELEVANCY.label();
    }
}
