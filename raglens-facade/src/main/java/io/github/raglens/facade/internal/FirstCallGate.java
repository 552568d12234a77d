package io.github.raglens.facade.internal;

import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.ServerContact;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A stage's chat model that lets the first call go alone. When that first call finds no server
 * ({@link ProviderUnreachableException}), every waiting call fails at once with the same exception,
 * on which the stages stop with its one actionable line, so only one call's retries are spent on a
 * server that is down. A model that tells when its server was reached ({@link ServerContact}) lets
 * the waiting calls go as soon as the first call holds a connection, instead of after its reply.
 */
public final class FirstCallGate implements LlmProvider {

    private final LlmProvider delegate;
    private final AtomicBoolean started = new AtomicBoolean();
    private final CompletableFuture<Void> open = new CompletableFuture<>();
    private volatile ProviderUnreachableException unreachable;

    FirstCallGate(LlmProvider delegate) {
        this.delegate = delegate;
        if (delegate instanceof ServerContact contact) {
            contact.reached().thenRun(() -> open.complete(null));
        }
    }

    @Override
    public String modelName() {
        return delegate.modelName();
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        if (started.compareAndSet(false, true)) {
            try {
                return delegate.chat(request);
            } catch (ProviderUnreachableException e) {
                unreachable = e;
                throw e;
            } finally {
                open.complete(null);
            }
        }
        try {
            open.get();
        } catch (ExecutionException e) {
            throw new IllegalStateException("the first-call gate never fails", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new ProviderException("raglens", modelName(), 0, null, false, "interrupted; rerun to resume", e);
        }
        ProviderUnreachableException down = unreachable;
        if (down != null) {
            throw down;
        }
        return delegate.chat(request);
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
