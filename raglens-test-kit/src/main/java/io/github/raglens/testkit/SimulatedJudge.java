package io.github.raglens.testkit;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A stand-in for a judge model that answers every prompt of raglens's own judge metrics and answer
 * generator with a plausible, deterministic reply: the same prompt always gets the same reply, and a
 * statement's verdict depends only on the statement and its premise, not on the statements beside it.
 * For testing an evaluation's wiring (answers, judging, scoring, recording) with no model.
 *
 * <p>Replies by structured-output schema: {@code statements} splits the prompt's {@code TEXT:} into
 * sentences (none when it says "don't know"); {@code verdicts} gives one 0/1 verdict per numbered
 * {@code [n]} item; {@code usefulness} one verdict; {@code questions} three generated questions;
 * {@code nuggets} one nugget per sentence of the {@code REFERENCE ANSWER:} (the first vital, the
 * others vital two times in three); {@code nugget_support} one label per numbered nugget; a plain
 * request a one-sentence answer. Verdicts are 1 two times in three; a nugget's label is support,
 * partial_support or not_support by a hash of the prompt and the nugget. Another schema fails the
 * test with an {@link AssertionError}. Token usage is a quarter of the characters in and out.
 *
 * <p>Thread-safe; {@link #latency} and {@link #onReply} may be set while it is in use.
 */
public final class SimulatedJudge implements LlmProvider {

    private static final Pattern ITEM = Pattern.compile("(?m)^\\[(\\d+)] (.*)$");

    private final AtomicInteger calls = new AtomicInteger();
    private final Map<String, Integer> perPrompt = new ConcurrentHashMap<>();
    private volatile Duration latency = Duration.ZERO;
    private final String modelName;
    private volatile Consumer<String> onReply = key -> {};

    private SimulatedJudge(String modelName) {
        this.modelName = modelName;
    }

    /** The judge {@code "fake/simulated"}, answering at once. */
    public static SimulatedJudge of() {
        return of("fake/simulated");
    }

    /**
     * A judge under another model name, answering at once: its replies are the same, but scores and
     * call keys are recorded under the name, as for another judge model.
     *
     * @param modelName the name {@link #modelName()} reports; not blank
     * @throws NullPointerException if {@code modelName} is null
     * @throws IllegalArgumentException if {@code modelName} is blank
     */
    public static SimulatedJudge of(String modelName) {
        Objects.requireNonNull(modelName, "modelName");
        if (modelName.isBlank()) {
            throw new IllegalArgumentException("modelName must not be blank");
        }
        return new SimulatedJudge(modelName);
    }

    /**
     * Waits this long before every reply, as a remote model does.
     *
     * @param latency the wait; {@link Duration#ZERO} (the default) for none
     * @return this judge
     * @throws NullPointerException if {@code latency} is null
     * @throws IllegalArgumentException if {@code latency} is negative
     */
    public SimulatedJudge latency(Duration latency) {
        Objects.requireNonNull(latency, "latency");
        if (latency.isNegative()) {
            throw new IllegalArgumentException("latency must not be negative, was " + latency);
        }
        this.latency = latency;
        return this;
    }

    /**
     * Tells the listener a short key of each prompt once its reply is ready (the same prompt, the same
     * key), so that a test can see which calls completed.
     *
     * @param listener called on the calling thread; must be thread-safe
     * @return this judge
     * @throws NullPointerException if {@code listener} is null
     */
    public SimulatedJudge onReply(Consumer<String> listener) {
        this.onReply = Objects.requireNonNull(listener, "listener");
        return this;
    }

    /** How many requests it answered. */
    public int calls() {
        return calls.get();
    }

    /** How many distinct prompts were sent more than once. */
    public long repeatedPrompts() {
        return perPrompt.values().stream().filter(n -> n > 1).count();
    }

    /** Returns the name given to {@link #of(String)}, {@code "fake/simulated"} by default. */
    @Override
    public String modelName() {
        return modelName;
    }

    /**
     * Answers the request after the {@link #latency}.
     *
     * @throws AssertionError for a schema raglens's judge does not use
     */
    @Override
    public ChatOutcome chat(ChatRequest request) {
        calls.incrementAndGet();
        String prompt = ScriptedLlm.prompt(request);
        pause();
        String reply = reply(request.schema().map(ResponseSchema::name).orElse(""), prompt);
        perPrompt.merge(prompt, 1, Integer::sum);
        onReply.accept(Integer.toHexString(prompt.hashCode()) + "-" + prompt.length());
        return new ChatOutcome.Completed(reply, new TokenUsage(prompt.length() / 4, reply.length() / 4));
    }

    /**
     * The reply to a prompt, as {@link #chat} gives it.
     *
     * @param schema the structured-output schema's name, {@code ""} for a plain-text request
     * @param prompt the first user message
     * @return the reply text
     * @throws AssertionError for a schema raglens's judge does not use
     */
    public static String reply(String schema, String prompt) {
        return switch (schema) {
            case "statements" -> statements(between(prompt, "TEXT:\n", "\n\nReply as"));
            case "verdicts" -> verdicts(prompt);
            case "usefulness" -> "{\"reason\":\"simulated\",\"verdict\":" + bit(prompt) + "}";
            case "questions" ->
                "{\"questions\":[{\"question\":\"q1 " + bit(prompt)
                        + "\",\"noncommittal\":0},{\"question\":\"q2\",\"noncommittal\":0},"
                        + "{\"question\":\"q3\",\"noncommittal\":" + bit(prompt + "x") + "}]}";
            case "nuggets" -> nuggets(between(prompt, "REFERENCE ANSWER:\n", "\n\nSOURCE PASSAGES:"));
            case "nugget_support" -> nuggetLabels(prompt);
            case "" -> "Simulated answer. It is grounded in context " + bit(prompt) + ".";
            default -> throw new AssertionError("the simulated judge knows no schema '" + schema + "'");
        };
    }

    private void pause() {
        Duration wait = latency;
        if (wait.isZero()) {
            return;
        }
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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

    private static String verdicts(String prompt) {
        String premise = prompt.replaceAll("(?m)^\\[\\d+] .*\\R?", "");
        Matcher m = ITEM.matcher(prompt);
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

    private static String nuggets(String reference) {
        List<String> parts = new ArrayList<>();
        for (String s : reference.split("\\.\\s+")) {
            String t = s.strip();
            if (!t.isEmpty() && parts.size() < 20) {
                String importance = parts.isEmpty() || bit(t) == 1 ? "vital" : "okay";
                parts.add("{\"text\":\"" + t.replace("\"", "'").replace("\n", " ") + "\",\"importance\":\"" + importance
                        + "\"}");
            }
        }
        return "{\"nuggets\":[" + String.join(",", parts) + "]}";
    }

    private static String nuggetLabels(String prompt) {
        String answer = between(prompt, "ANSWER:\n", "\n\nNUGGETS:");
        Matcher m = ITEM.matcher(prompt.substring(prompt.lastIndexOf("NUGGETS:\n")));
        List<String> out = new ArrayList<>();
        String[] labels = {"support", "partial_support", "not_support"};
        while (m.find()) {
            out.add("{\"index\":" + m.group(1) + ",\"reason\":\"simulated\",\"label\":\""
                    + labels[Math.floorMod((answer + m.group(2)).hashCode(), 3)] + "\"}");
        }
        return "{\"labels\":[" + String.join(",", out) + "]}";
    }

    /** A deterministic 0 or 1, 1 two times in three. */
    private static int bit(String s) {
        return Math.floorMod(s.hashCode() * 31 + 7, 3) == 0 ? 0 : 1;
    }

    private static String between(String s, String start, String end) {
        int a = s.indexOf(start);
        int b = s.indexOf(end, a < 0 ? 0 : a);
        return a < 0 || b < 0 ? "" : s.substring(a + start.length(), b);
    }

    /** Names the model and how many requests it answered. */
    @Override
    public String toString() {
        return "SimulatedJudge[" + modelName + ", " + calls() + " calls]";
    }
}
