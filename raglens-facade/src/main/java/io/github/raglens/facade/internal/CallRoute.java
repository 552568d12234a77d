package io.github.raglens.facade.internal;

import io.github.raglens.spi.LlmProvider;

/**
 * How an evaluation's model calls go out: live, one HTTP call each behind a {@link FirstCallGate},
 * or gathered into OpenAI batches ({@link BatchRoute}). Thread-safe.
 */
public interface CallRoute extends AutoCloseable {

    /**
     * Calls sent live, at the configured concurrency, behind one {@link FirstCallGate} per model: a
     * model that both answers and judges lets only the run's very first call go alone.
     */
    static CallRoute live() {
        return new LiveRoute();
    }

    /** The model as the evaluation calls it. */
    LlmProvider route(LlmProvider model);

    /** Calls in flight at most, given the configured concurrency. */
    int concurrency(int configured);

    /** What the route did, for the progress line. */
    String describe();

    @Override
    void close();
}
