package io.github.raglens.usage;

import io.github.raglens.error.ProviderException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.util.Optional;

/** A chat model whose calls a {@link UsageLedger} counts and holds to its budget. */
final class MeteredChat implements LlmProvider {

    private final UsageLedger ledger;
    private final String stage;
    private final LlmProvider delegate;
    private final boolean countsItself;

    MeteredChat(UsageLedger ledger, LlmProvider llm, String stage) {
        this.ledger = ledger;
        this.stage = stage;
        LlmProvider self =
                llm instanceof UsageMetered<?> m && m.meteredBy(ledger, stage) instanceof LlmProvider p ? p : null;
        this.delegate = self != null ? self : llm;
        this.countsItself = self != null;
    }

    boolean isOf(UsageLedger l, String s) {
        return ledger == l && stage.equals(s);
    }

    @Override
    public String modelName() {
        return delegate.modelName();
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        TokenUsage worstCase =
                new TokenUsage(TokenUsage.estimateTokens(request.allText().length()), request.maxOutputTokens());
        double reserved;
        try {
            reserved = ledger.reserve(modelName(), worstCase);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException("raglens", modelName(), 0, null, false, "interrupted; rerun to resume", e);
        }
        try {
            ChatOutcome outcome = delegate.chat(request);
            if (!countsItself) {
                ledger.record(stage, modelName(), outcome.usage());
            }
            return outcome;
        } finally {
            ledger.release(reserved);
        }
    }

    @Override
    public Optional<String> servedModel() {
        return delegate.servedModel();
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
