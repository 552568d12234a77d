package io.github.raglens.providers;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.ProviderException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.usage.UsageLedger;
import io.github.raglens.usage.UsageMetered;

/**
 * A chat client's calls sent through an {@link OpenAiBatch}: the request body is the one {@link
 * OpenAiChat#chat} would send, and the batch's reply is read as a live reply is. Thread-safe.
 */
final class BatchChat implements LlmProvider, UsageMetered<BatchChat> {

    private final OpenAiBatch batch;
    private final OpenAiChat model;
    private final BatchApi api;
    private final UsageLedger ledger;
    private final String stage;

    BatchChat(OpenAiBatch batch, OpenAiChat model, UsageLedger ledger, String stage) {
        this(batch, model, model.batchApi(), ledger, stage);
    }

    private BatchChat(OpenAiBatch batch, OpenAiChat model, BatchApi api, UsageLedger ledger, String stage) {
        this.batch = batch;
        this.model = model;
        this.api = api;
        this.ledger = ledger;
        this.stage = stage;
    }

    /** The live client's name, so that calls are keyed and cached alike either way. */
    @Override
    public String modelName() {
        return model.modelName();
    }

    /**
     * {@inheritDoc}
     *
     * <p>Waits until the batch holding the request has ended, which may take up to its 24-hour
     * completion window.
     */
    @Override
    public ChatOutcome chat(ChatRequest request) {
        ObjectNode body = model.body(request);
        BatchLine line = batch.await(model, api, body);
        ChatOutcome outcome;
        try {
            outcome = OpenAiChat.outcome(request, line.body());
        } catch (MalformedReplyException e) {
            throw new ProviderException(
                    model.provider(),
                    model.model(),
                    line.status(),
                    line.requestId(),
                    false,
                    modelName() + ": the batch line of request " + line.customId() + " is not a chat completion: "
                            + e.getMessage(),
                    null);
        }
        if (ledger != null) {
            ledger.record(stage, OpenAiBatch.ledgerName(modelName()), outcome.usage());
        }
        return outcome;
    }

    @Override
    public BatchChat meteredBy(UsageLedger l, String s) {
        return new BatchChat(batch, model, api, l, s);
    }

    @Override
    public String toString() {
        return "BatchChat[" + model + ", " + batch + "]";
    }
}
