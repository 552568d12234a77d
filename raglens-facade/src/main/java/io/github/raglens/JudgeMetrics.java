package io.github.raglens;

import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Judge;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.LinkedHashMap;
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
 * try (JudgeMetrics metrics = JudgeMetrics.builder(judgeModel).metrics(List.of("faithfulness")).build()) {
 *     Judgement j = metrics.get("faithfulness").judge(new JudgeInput(question, answer, contexts, reference));
 * }
 * }</pre>
 */
public final class JudgeMetrics implements AutoCloseable {

    /** Every metric name {@link Builder#metrics} accepts. */
    public static final List<String> NAMES = Metrics.NAMES;

    private final JudgeSession session;
    private final Map<String, Judge> byName;

    private JudgeMetrics(JudgeSession session, List<String> names) {
        this.session = session;
        List<Judge> judges = Metrics.create(names, session);
        Map<String, Judge> map = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            map.put(names.get(i), judges.get(i));
        }
        this.byName = map;
    }

    /** A builder of metrics judged by {@code judge}. */
    public static Builder builder(LlmProvider judge) {
        return new Builder(judge);
    }

    /** The metrics, in the order they were named. */
    public List<Judge> all() {
        return List.copyOf(byName.values());
    }

    /**
     * The metric of this name.
     *
     * @throws IllegalArgumentException if the metric was not named to the builder
     */
    public Judge get(String name) {
        Judge judge = byName.get(Objects.requireNonNull(name, "name"));
        if (judge == null) {
            throw new IllegalArgumentException("metric '" + name
                    + "' was not opened; name it in JudgeMetrics.builder(…).metrics(…), one of " + byName.keySet());
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
        return "JudgeMetrics" + byName.keySet();
    }

    /** Builds {@link JudgeMetrics}; not thread-safe. */
    public static final class Builder {

        private final JudgeSession.Builder session;
        private List<String> names = List.of();

        private Builder(LlmProvider judge) {
            this.session = JudgeSession.builder(Objects.requireNonNull(judge, "judge"));
        }

        /**
         * The metrics to open, by name from {@link #NAMES} (required).
         *
         * @throws IllegalArgumentException for an empty list or an unknown name
         */
        public Builder metrics(List<String> names) {
            List<String> copy = List.copyOf(names);
            if (copy.isEmpty()) {
                throw new IllegalArgumentException("name at least one metric, one of " + NAMES);
            }
            for (String name : copy) {
                if (!NAMES.contains(name)) {
                    throw new IllegalArgumentException("unknown metric '" + name + "'; one of " + NAMES);
                }
            }
            this.names = copy;
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
         * Opens the judge session and creates the metrics.
         *
         * @throws IllegalStateException if no metric was named
         */
        public JudgeMetrics build() {
            if (names.isEmpty()) {
                throw new IllegalStateException("no metric named; call metrics(List.of(\"faithfulness\", …)) first");
            }
            return new JudgeMetrics(session.build(), names);
        }
    }
}
