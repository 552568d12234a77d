package io.github.raglens.eval.questions;

import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/** A hand-written fake model: replies come from a script; every request is recorded. */
final class ScriptedLlm implements LlmProvider {

    private final Function<ChatRequest, String> script;
    final List<ChatRequest> requests = Collections.synchronizedList(new ArrayList<>());
    final AtomicInteger inFlight = new AtomicInteger();
    final AtomicInteger maxInFlight = new AtomicInteger();
    volatile long delayMillis;

    ScriptedLlm(Function<ChatRequest, String> script) {
        this.script = script;
    }

    @Override
    public String modelName() {
        return "fake/scripted";
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        requests.add(request);
        int now = inFlight.incrementAndGet();
        maxInFlight.accumulateAndGet(now, Math::max);
        try {
            if (delayMillis > 0) {
                Thread.sleep(delayMillis);
            }
            return new ChatOutcome.Completed(script.apply(request), new TokenUsage(100, 20));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    /** The passage of a question request (between the markers of the first user message). */
    static String passage(ChatRequest request) {
        String user = request.messages().stream()
                .filter(m -> m.role() == ChatMessage.Role.USER)
                .findFirst()
                .orElseThrow()
                .content();
        int start = user.indexOf("<<<\n") + 4;
        int end = user.lastIndexOf("\n>>>");
        return user.substring(start, end);
    }

    /** How many retry messages the conversation holds (user messages after the first). */
    static int retries(ChatRequest request) {
        return (int) request.messages().stream()
                        .filter(m -> m.role() == ChatMessage.Role.USER)
                        .count()
                - 1;
    }

    static String success(String question, String answer, String evidence) {
        return "{\"status\":\"success\",\"question\":\"" + question + "\",\"answer\":\"" + answer + "\",\"evidence\":\""
                + evidence + "\"}";
    }

    static final String SKIP = "{\"status\":\"skip\",\"question\":\"\",\"answer\":\"\",\"evidence\":\"\"}";
}
