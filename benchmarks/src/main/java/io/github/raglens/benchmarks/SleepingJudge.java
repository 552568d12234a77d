package io.github.raglens.benchmarks;

import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A judge model that sleeps a fixed latency per call, like a remote server, and then answers each
 * raglens judge prompt with a valid, deterministic reply. Counts calls and the most in flight.
 */
final class SleepingJudge implements LlmProvider {

    private static final Pattern ITEM = Pattern.compile("(?m)^\\[(\\d+)] (.*)$");

    private final long latencyMillis;
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();

    SleepingJudge(long latencyMillis) {
        this.latencyMillis = latencyMillis;
    }

    int calls() {
        return calls.get();
    }

    int maxInFlight() {
        return maxInFlight.get();
    }

    @Override
    public String modelName() {
        return "fake/sleeping-" + latencyMillis + "ms";
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        calls.incrementAndGet();
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try {
            Thread.sleep(latencyMillis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            inFlight.decrementAndGet();
        }
        String user = request.messages().stream()
                .filter(m -> m.role() == ChatMessage.Role.USER)
                .map(ChatMessage::content)
                .findFirst()
                .orElse("");
        String reply = reply(request.schema().map(s -> s.name()).orElse(""), user);
        return new ChatOutcome.Completed(reply, new TokenUsage(user.length() / 4, reply.length() / 4));
    }

    /** The reply to a prompt with this reply schema (empty: an answer) and user message. */
    static String reply(String schema, String user) {
        return switch (schema) {
            case "statements" -> statements(between(user, "TEXT:\n", "\n\nReply as"));
            case "verdicts" -> verdicts(user);
            case "usefulness" -> "{\"reason\":\"r\",\"verdict\":" + bit(user) + "}";
            case "questions" ->
                "{\"questions\":[{\"question\":\"q1\",\"noncommittal\":0},"
                        + "{\"question\":\"q2\",\"noncommittal\":0},{\"question\":\"q3\",\"noncommittal\":0}]}";
            default -> "An answer.";
        };
    }

    private static String statements(String text) {
        List<String> parts = new ArrayList<>();
        for (String s : text.split("\\.\\s+")) {
            if (!s.isBlank()) {
                parts.add("\"" + s.strip().replace("\"", "'").replace("\n", " ") + "\"");
            }
        }
        return "{\"statements\":[" + String.join(",", parts) + "]}";
    }

    private static String verdicts(String user) {
        Matcher m = ITEM.matcher(user);
        StringBuilder sb = new StringBuilder("{\"verdicts\":[");
        int n = 0;
        while (m.find()) {
            sb.append(n++ == 0 ? "" : ",")
                    .append("{\"index\":")
                    .append(m.group(1))
                    .append(",\"reason\":\"r\",\"verdict\":")
                    .append(bit(user + m.group(2)))
                    .append('}');
        }
        return sb.append("]}").toString();
    }

    private static int bit(String s) {
        return Math.floorMod(s.hashCode(), 3) == 0 ? 0 : 1;
    }

    private static String between(String s, String start, String end) {
        int a = s.indexOf(start);
        int b = s.indexOf(end, Math.max(a, 0));
        return a < 0 || b < 0 ? "" : s.substring(a + start.length(), b);
    }
}
