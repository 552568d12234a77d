package io.github.raglens.eval.judge;

import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A fake judge that answers every raglens judge prompt with a plausible, deterministic reply (the
 * same prompt always gets the same reply), optionally after a delay. Counts requests per prompt.
 * Shared through the test jar: raglens-junit records and replays its replies.
 */
public class SimulatedJudge implements LlmProvider {

    private static final Pattern ITEM = Pattern.compile("(?m)^\\[(\\d+)] (.*)$");

    private final long latencyMillis;
    private final AtomicInteger calls = new AtomicInteger();
    private final Map<String, Integer> perPrompt = new ConcurrentHashMap<>();
    private final Consumer<String> onCompleted;

    SimulatedJudge(long latencyMillis, Consumer<String> onCompleted) {
        this.latencyMillis = latencyMillis;
        this.onCompleted = onCompleted;
    }

    /** A judge that answers at once. */
    public SimulatedJudge() {
        this(0, p -> {});
    }

    /** How many requests it answered. */
    public int calls() {
        return calls.get();
    }

    /** How many prompts were sent more than once. */
    long repeatedPrompts() {
        return perPrompt.values().stream().filter(n -> n > 1).count();
    }

    @Override
    public String modelName() {
        return "fake/simulated";
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        calls.incrementAndGet();
        String user = user(request);
        if (latencyMillis > 0) {
            try {
                Thread.sleep(latencyMillis);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        String reply = reply(request.schema().map(s -> s.name()).orElse(""), user);
        perPrompt.merge(user, 1, Integer::sum);
        onCompleted.accept(Integer.toHexString(user.hashCode()) + "-" + user.length());
        return new ChatOutcome.Completed(reply, new TokenUsage(user.length() / 4, reply.length() / 4));
    }

    static String user(ChatRequest request) {
        return request.messages().stream()
                .filter(m -> m.role() == ChatMessage.Role.USER)
                .map(ChatMessage::content)
                .findFirst()
                .orElse("");
    }

    static String reply(String schema, String user) {
        return switch (schema) {
            case "statements" -> statements(between(user, "TEXT:\n", "\n\nReply as"));
            case "verdicts" -> verdicts(user);
            case "usefulness" -> "{\"reason\":\"simulated\",\"verdict\":" + bit(user) + "}";
            case "questions" ->
                "{\"questions\":[{\"question\":\"q1 " + bit(user)
                        + "\",\"noncommittal\":0},{\"question\":\"q2\",\"noncommittal\":0},"
                        + "{\"question\":\"q3\",\"noncommittal\":" + bit(user + "x") + "}]}";
            case "" -> "Simulated answer. It is grounded in context " + bit(user) + ".";
            default -> throw new AssertionError("unknown schema " + schema);
        };
    }

    private static String statements(String text) {
        if (text.contains("don't know")) {
            return "{\"statements\":[]}";
        }
        List<String> parts = new ArrayList<>();
        for (String s : text.split("\\.\\s+")) {
            String t = s.strip();
            if (!t.isEmpty()) {
                parts.add("\"" + t.replace("\"", "'").replace("\n", " ") + "\"");
            }
        }
        return "{\"statements\":[" + String.join(",", parts) + "]}";
    }

    /**
     * A verdict per numbered item, depending only on the item and the rest of the prompt (the
     * premise), not on the other items: a statement gets the same verdict alone or in a batch.
     */
    private static String verdicts(String user) {
        String premise = user.replaceAll("(?m)^\\[\\d+] .*\\R?", "");
        Matcher m = ITEM.matcher(user);
        StringBuilder sb = new StringBuilder("{\"verdicts\":[");
        int n = 0;
        while (m.find()) {
            sb.append(n++ == 0 ? "" : ",")
                    .append("{\"index\":")
                    .append(m.group(1))
                    .append(",\"reason\":\"simulated\",\"verdict\":")
                    .append(bit(premise + m.group(2)))
                    .append('}');
        }
        return sb.append("]}").toString();
    }

    /** A deterministic 0 or 1, 1 two times in three. */
    static int bit(String s) {
        return Math.floorMod(s.hashCode() * 31 + 7, 3) == 0 ? 0 : 1;
    }

    private static String between(String s, String start, String end) {
        int a = s.indexOf(start);
        int b = s.indexOf(end, a < 0 ? 0 : a);
        return a < 0 || b < 0 ? "" : s.substring(a + start.length(), b);
    }
}
