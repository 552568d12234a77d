package io.github.raglens;

import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.eval.judge.Price;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A stage's view of its chat model: counts every reply's tokens in the {@link UsageLog}, and lets the
 * first call go alone. When that first call gets no response at all (server down, wrong host), every
 * other call fails at once with the same message and the stage stops with one actionable line instead
 * of failing every sample the same way after its retries.
 */
final class MeteredLlm implements LlmProvider {

    private final LlmProvider delegate;
    private final String stage;
    private final UsageLog log;
    private final Price price;
    private final AtomicBoolean started = new AtomicBoolean();
    private final CountDownLatch firstDone = new CountDownLatch(1);
    private volatile ProviderException unreachable;

    MeteredLlm(LlmProvider delegate, String stage, UsageLog log, Price price) {
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
            } catch (ProviderTimeoutException e) {
                if (e.status().isEmpty()) {
                    unreachable = new ProviderException(e.provider(), e.model(), 0, null, false, e.getMessage(), e);
                    throw unreachable;
                }
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
        ProviderException down = unreachable;
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

    /** Throws the first call's "no response" failure, if there was one, so the stage stops with it. */
    void throwIfUnreachable() {
        ProviderException down = unreachable;
        if (down != null) {
            throw down;
        }
    }

    @Override
    public String toString() {
        return delegate.toString();
    }
}
