package io.github.raglens.eval.scoring;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.spi.LlmProvider;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** Wraps a fake judge and injects a fault into the requests the rule picks (null: no fault). */
final class FaultyJudge implements LlmProvider {

    private final LlmProvider healthy;
    private final Function<ChatRequest, ChatOutcome> fault;
    final AtomicInteger injected = new AtomicInteger();
    final AtomicInteger calls = new AtomicInteger();

    FaultyJudge(LlmProvider healthy, Function<ChatRequest, ChatOutcome> fault) {
        this.healthy = healthy;
        this.fault = fault;
    }

    @Override
    public String modelName() {
        return healthy.modelName();
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        calls.incrementAndGet();
        ChatOutcome f = fault.apply(request);
        if (f != null) {
            injected.incrementAndGet();
            return f;
        }
        return healthy.chat(request);
    }
}
