package io.github.raglens.facade.internal;

import io.github.raglens.EvaluateOptions;
import io.github.raglens.error.RagLensException;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.providers.OpenAiBatch;
import io.github.raglens.providers.OpenAiChat;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.workspace.Workspace;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * An evaluation's calls through OpenAI's Batch API: every OpenAI chat model (the judge must be one;
 * the answering model and a second judge are batched when they are) sends its requests into
 * batches checkpointed in the workspace's {@code batch/} folder, while the stages run as they do
 * live, with the same prompts, call keys and caches. Calls that wait for one another (answers, then
 * the statements of an answer, then the verdicts on them) go out in successive batches. Other models
 * are called live. Thread-safe; close it when the run is done.
 */
public final class BatchRoute implements CallRoute {

    private final OpenAiBatch batch;

    private BatchRoute(OpenAiBatch batch) {
        this.batch = batch;
    }

    /**
     * Opens the batch folder of the workspace, gathering and polling batches at the given times (else
     * the defaults).
     *
     * @throws RagLensException when the judge is not an OpenAI chat model
     */
    public static BatchRoute open(
            Optional<EvaluateOptions.BatchTiming> timing, Workspace workspace, LlmProvider judge) {
        if (!(judge instanceof OpenAiChat)) {
            throw new RagLensException("batch evaluation sends the judge's calls through OpenAI's Batch API, and the"
                    + " judge '" + judge.modelName() + "' is not an OpenAI chat model; judge with OpenAi.chat(...)"
                    + " or evaluate without batch");
        }
        OpenAiBatch.Builder b = OpenAiBatch.builder(workspace.batch());
        timing.ifPresent(t -> b.settle(t.settle()).pollEvery(t.firstPoll(), t.maxPoll()));
        return new BatchRoute(b.build());
    }

    /**
     * Prices a model's batched calls in the ledger at {@link OpenAiBatch#PRICE_FACTOR} of its live
     * price (the given one, else the listed one); a model of unknown price stays unpriced.
     */
    static void price(UsageLedger.Builder ledger, String model, Optional<TokenPrice> given) {
        given.or(() -> TokenPrice.listed(model))
                .ifPresent(p -> ledger.price(
                        OpenAiBatch.ledgerName(model),
                        TokenPrice.of(
                                p.inputPerMillion() * OpenAiBatch.PRICE_FACTOR,
                                p.outputPerMillion() * OpenAiBatch.PRICE_FACTOR)));
    }

    @Override
    public LlmProvider route(LlmProvider model) {
        return model instanceof OpenAiChat openAi ? batch.chat(openAi) : new FirstCallGate(model);
    }

    /** Every call of a wave waits in its batch at once, so the limit is a batch's size. */
    @Override
    public int concurrency(int configured) {
        return OpenAiBatch.MAX_REQUESTS;
    }

    @Override
    public String describe() {
        OpenAiBatch.Stats s = batch.stats();
        return String.format(
                Locale.ROOT,
                "%d batches, %d requests, %d sent again, %d failed, %.1f h waited for batches",
                s.batches(),
                s.requests(),
                s.retried(),
                s.failed(),
                s.waited().toMillis() / (double) Duration.ofHours(1).toMillis());
    }

    @Override
    public void close() {
        batch.close();
    }
}
