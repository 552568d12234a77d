package io.github.raglens.eval.judge;

import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A hand-written fake judge: replies are scripted per schema name and a text the prompt must
 * contain; every request is recorded. An unscripted request fails the test.
 */
final class ScriptedLlm implements LlmProvider {

    private record Rule(String schema, Predicate<String> matches, Function<ChatRequest, ChatOutcome> reply) {}

    private final String model;
    private final List<Rule> rules = new ArrayList<>();
    private final List<ChatRequest> requests = new ArrayList<>();

    ScriptedLlm(String model) {
        this.model = model;
    }

    ScriptedLlm() {
        this("fake/judge");
    }

    /** Replies with the JSON when the request has the schema and its prompt contains the text. */
    ScriptedLlm on(String schema, String contains, String json) {
        return on(schema, contains, r -> new ChatOutcome.Completed(json, new TokenUsage(100, 20)));
    }

    ScriptedLlm on(String schema, String contains, Function<ChatRequest, ChatOutcome> reply) {
        rules.add(new Rule(schema, text -> text.contains(contains), reply));
        return this;
    }

    synchronized List<ChatRequest> requests() {
        return List.copyOf(requests);
    }

    synchronized int calls() {
        return requests.size();
    }

    synchronized long calls(String schema) {
        return requests.stream()
                .filter(r -> r.schema().map(s -> s.name().equals(schema)).orElse(false))
                .count();
    }

    @Override
    public String modelName() {
        return model;
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        synchronized (this) {
            requests.add(request);
        }
        String schema = request.schema().map(s -> s.name()).orElse("");
        String user = request.messages().stream()
                .filter(m -> m.role() == ChatMessage.Role.USER)
                .map(ChatMessage::content)
                .findFirst()
                .orElse("");
        for (Rule r : rules) {
            if (r.schema.equals(schema) && r.matches.test(user)) {
                return r.reply.apply(request);
            }
        }
        throw new AssertionError("unscripted " + schema + " request:\n" + user);
    }

    static String statements(String... s) {
        StringBuilder sb = new StringBuilder("{\"statements\":[");
        for (int i = 0; i < s.length; i++) {
            sb.append(i == 0 ? "" : ",").append('"').append(s[i]).append('"');
        }
        return sb.append("]}").toString();
    }

    static String verdicts(int... v) {
        StringBuilder sb = new StringBuilder("{\"verdicts\":[");
        for (int i = 0; i < v.length; i++) {
            sb.append(i == 0 ? "" : ",")
                    .append("{\"index\":")
                    .append(i + 1)
                    .append(",\"reason\":\"r")
                    .append(i + 1)
                    .append("\",\"verdict\":")
                    .append(v[i])
                    .append('}');
        }
        return sb.append("]}").toString();
    }

    static String verdict(int v) {
        return "{\"reason\":\"because\",\"verdict\":" + v + "}";
    }
}
