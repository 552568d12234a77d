package io.github.raglens.facade.internal;

import io.github.raglens.spi.LlmProvider;
import java.util.IdentityHashMap;
import java.util.Map;

/**
 * Calls sent live, one HTTP call each. Each model gets one {@link FirstCallGate} for the whole run,
 * however many stages route it: when the answering model is also the judge, the judge's calls pass
 * the gate its first answer already opened, instead of waiting, each holding a call permit, for a
 * first judge call to go alone. Thread-safe.
 */
public final class LiveRoute implements CallRoute {

    private final Map<LlmProvider, FirstCallGate> gates = new IdentityHashMap<>();

    @Override
    public synchronized LlmProvider route(LlmProvider model) {
        return gates.computeIfAbsent(model, FirstCallGate::new);
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
}
