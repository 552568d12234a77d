package io.github.raglens;

import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A stage's view of its chat model: counts every reply's tokens in the {@link UsageLog}, and lets the
 * first call go alone. When that first call finds no server ({@link ProviderUnreachableException}),
 * every waiting call fails at once with the same exception, on which the stages stop with its one
 * actionable line, so only one call's retries are spent on a server that is down.
 */
final class MeteredLlm implements LlmProvider {

    private final LlmProvider delegate;
    private final String stage;
    private final UsageLog log;
    private final TokenPrice price;
    private final AtomicBoolean started = new AtomicBoolean();
    private final CountDownLatch firstDone = new CountDownLatch(1);
    private volatile ProviderUnreachableException unreachable;

    MeteredLlm(LlmProvider delegate, String stage, UsageLog log, TokenPrice price) {
        this.delegate = delegate;
        this.stage = stage;
        this.log = log;
        this.price = price;
    }

    @Override
    public String modelName() {
        return delegate.modelName();
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        if (started.compareAndSet(false, true)) {
            try {
                return metered(request);
            } catch (ProviderUnreachableException e) {
                unreachable = e;
                throw e;
            } finally {
                firstDone.countDown();
            }
        }
        try {
            firstDone.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException("raglens", modelName(), 0, null, false, "interrupted; rerun to resume", e);
        }
        ProviderUnreachableException down = unreachable;
        if (down != null) {
            throw down;
        }
        return metered(request);
    }

    private ChatOutcome metered(ChatRequest request) {
        ChatOutcome outcome = delegate.chat(request);
        TokenUsage usage = switch (outcome) {
            case ChatOutcome.Completed c -> c.usage();
            case ChatOutcome.Failed f -> f.usage();
        };
        log.record(stage, delegate.modelName(), usage, price);
        return outcome;
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
