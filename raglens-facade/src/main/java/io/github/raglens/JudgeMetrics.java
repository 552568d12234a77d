package io.github.raglens;

import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Judge;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The judge metrics of {@code RagLens.evaluate} (faithfulness, context recall, factual
 * correctness, …) for an evaluation loop of the user's own: each a {@link Judge} that scores one
 * {@code JudgeInput}. The metrics share one judge model, its concurrency limit and, when given, a
 * call cache, so a statement extraction two metrics need is sent once. Close it when done. The
 * metrics are thread-safe.
 *
 * <pre>{@code
 * try (JudgeMetrics metrics = JudgeMetrics.builder(judgeModel).metrics(List.of(JudgeMetric.FAITHFULNESS)).build()) {
 *     Judgement j = metrics.get(JudgeMetric.FAITHFULNESS).judge(new JudgeInput(question, answer, contexts, reference));
 * }
 * }</pre>
 */
public final class JudgeMetrics implements AutoCloseable {

    private final JudgeSession session;
    private final Map<JudgeMetric, Judge> byMetric;

    private JudgeMetrics(JudgeSession session, List<JudgeMetric> metrics) {
        this.session = session;
        List<Judge> judges = Metrics.create(metrics, session);
        Map<JudgeMetric, Judge> map = new LinkedHashMap<>();
        for (int i = 0; i < metrics.size(); i++) {
            map.put(metrics.get(i), judges.get(i));
        }
        this.byMetric = map;
    }

    /** A builder of metrics judged by {@code judge}. */
    public static Builder builder(LlmProvider judge) {
        return new Builder(judge);
    }

    /** The metrics, in the order they were named. */
    public List<Judge> all() {
        return List.copyOf(byMetric.values());
    }

    /**
     * The judge of a metric.
     *
     * @throws IllegalArgumentException if the metric was not named to the builder
     */
    public Judge get(JudgeMetric metric) {
        Judge judge = byMetric.get(Objects.requireNonNull(metric, "metric"));
        if (judge == null) {
            throw new IllegalArgumentException("metric '" + metric.label()
                    + "' was not opened; name it in JudgeMetrics.builder(…).metrics(…), one of " + byMetric.keySet());
        }
        return judge;
    }

    /** Closes the judge session and its call cache; the metrics judge nothing after this. */
    @Override
    public void close() {
        session.close();
    }

    @Override
    public String toString() {
        return "JudgeMetrics" + byMetric.keySet();
    }

    /** Builds {@link JudgeMetrics}; not thread-safe. */
    public static final class Builder {

        private final JudgeSession.Builder session;
        private List<JudgeMetric> metrics = List.of();

        private Builder(LlmProvider judge) {
            this.session = JudgeSession.builder(Objects.requireNonNull(judge, "judge"));
        }

        /**
         * The metrics to open (required), a repeated one once.
         *
         * @throws IllegalArgumentException for an empty list
         */
        public Builder metrics(List<JudgeMetric> metrics) {
            List<JudgeMetric> copy = List.copyOf(new LinkedHashSet<>(Objects.requireNonNull(metrics, "metrics")));
            if (copy.isEmpty()) {
                throw new IllegalArgumentException("name at least one metric, one of " + List.of(JudgeMetric.values()));
            }
            this.metrics = copy;
            return this;
        }

        /** The embedding provider response relevancy compares questions with (default none). */
        public Builder embeddings(EmbeddingProvider embeddings) {
            session.embeddings(embeddings);
            return this;
        }

        /**
         * How many judge calls may be in flight at once (default 8).
         *
         * @throws IllegalArgumentException if {@code n < 1}
         */
        public Builder concurrency(int n) {
            session.concurrency(n);
            return this;
        }

        /** A JSONL file of completed judge calls, so that a rerun never sends a completed call again. */
        public Builder callCache(Path file) {
            session.callCache(file);
            return this;
        }

        /**
         * Files to keep the questions' nuggets and the judge's labels of them in, for the {@code
         * nuggets} metrics (default: kept in memory while the metrics are open): a rerun reuses them,
         * and a person's edit of a nugget in the first file has only that nugget labelled again.
         *
         * @param nuggetsFile the questions' nuggets, e.g. {@code nuggets.jsonl}
         * @param assignmentsFile the labels, e.g. {@code nugget-assignments.jsonl}
         */
        public Builder nuggets(Path nuggetsFile, Path assignmentsFile) {
            session.nuggets(nuggetsFile, assignmentsFile);
            return this;
        }

        /**
         * Opens the judge session and creates the metrics.
         *
         * @throws IllegalStateException if no metric was named
         */
        public JudgeMetrics build() {
            if (metrics.isEmpty()) {
                throw new IllegalStateException(
                        "no metric named; call metrics(List.of(JudgeMetric.FAITHFULNESS, …)) first");
            }
            return new JudgeMetrics(session.build(), metrics);
        }
    }
}
