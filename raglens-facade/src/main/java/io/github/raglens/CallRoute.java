package io.github.raglens;

import io.github.raglens.spi.LlmProvider;

/**
 * How an evaluation's model calls go out: live, one HTTP call each behind a {@link FirstCallGate},
 * or gathered into OpenAI batches ({@link BatchRoute}). Thread-safe.
 */
interface CallRoute extends AutoCloseable {

    /** Calls sent live, at the configured concurrency. */
    CallRoute LIVE = new CallRoute() {
        @Override
        public LlmProvider route(LlmProvider model) {
            return new FirstCallGate(model);
        }

        @Override
        public int concurrency(int configured) {
            return configured;
        }

        @Override
        public String describe() {
            return "live";
        }

        @Override
        public void close() {}
    };

    /** The model as the evaluation calls it. */
    LlmProvider route(LlmProvider model);

    /** Calls in flight at most, given the configured concurrency. */
    int concurrency(int configured);

    /** What the route did, for the progress line. */
    String describe();

    @Override
    void close();
}
