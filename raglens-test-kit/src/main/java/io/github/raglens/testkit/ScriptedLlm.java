package io.github.raglens.testkit;

import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * A hand-written fake model whose replies come from a script, for tests of anything that talks to an
 * {@link LlmProvider}: question writers, answer generators, judges.
 *
 * <p>Rules are tried in the order they were added: {@link #on(String, String, String)} answers a
 * request that asks for the named structured-output schema ({@code ""} for plain text) and whose
 * first user message contains the given text; {@link #otherwise(Function)} answers every request no
 * rule took. A request nothing answers fails the test with an {@link AssertionError} showing the
 * schema and the prompt. Every request is recorded in the order it arrived.
 *
 * <pre>{@code
 * ScriptedLlm judge = ScriptedLlm.of("fake/judge")
 *         .on("statements", "ANSWER:", "{\"statements\":[\"Paris is in France.\"]}")
 *         .otherwise(request -> "{\"verdicts\":[]}");
 * }</pre>
 *
 * <p>Thread-safe: it may be called from many threads at once, and scripted while it is in use. Every
 * reply reports 100 prompt and 20 completion tokens.
 */
public final class ScriptedLlm implements LlmProvider {

    private static final TokenUsage USAGE = new TokenUsage(100, 20);

    private record Rule(String schema, Predicate<String> prompt, Function<ChatRequest, ChatOutcome> reply) {}

    private final String modelName;
    private final List<Rule> rules = new CopyOnWriteArrayList<>();
    private final List<ChatRequest> requests = new ArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger maxInFlight = new AtomicInteger();
    private volatile Function<ChatRequest, String> otherwise;
    private volatile Duration delay = Duration.ZERO;

    private ScriptedLlm(String modelName) {
        this.modelName = modelName;
    }

    /**
     * A model with no script yet.
     *
     * @param modelName the name {@link #modelName()} reports; not blank
     * @throws NullPointerException if {@code modelName} is null
     * @throws IllegalArgumentException if {@code modelName} is blank
     */
    public static ScriptedLlm of(String modelName) {
        Objects.requireNonNull(modelName, "modelName");
        if (modelName.isBlank()) {
            throw new IllegalArgumentException("modelName must not be blank");
        }
        return new ScriptedLlm(modelName);
    }

    /**
     * Replies with {@code reply} to a request for the schema whose first user message contains the text.
     *
     * @param schema the structured-output schema's name, or {@code ""} for a plain-text request
     * @param promptContains text the first user message must contain ({@code ""} matches any)
     * @param reply the reply text, usually the JSON the schema asks for
     * @return this model
     * @throws NullPointerException if an argument is null
     */
    public ScriptedLlm on(String schema, String promptContains, String reply) {
        Objects.requireNonNull(reply, "reply");
        return on(schema, promptContains, request -> new ChatOutcome.Completed(reply, USAGE));
    }

    /**
     * Answers a request for the schema whose first user message contains the text with what the
     * function returns: a completed reply, a refusal or a truncation.
     *
     * @param schema the structured-output schema's name, or {@code ""} for a plain-text request
     * @param promptContains text the first user message must contain ({@code ""} matches any)
     * @param reply the outcome for a matching request; may throw to simulate a provider failure
     * @return this model
     * @throws NullPointerException if an argument is null
     */
    public ScriptedLlm on(String schema, String promptContains, Function<ChatRequest, ChatOutcome> reply) {
        Objects.requireNonNull(schema, "schema");
        Objects.requireNonNull(promptContains, "promptContains");
        Objects.requireNonNull(reply, "reply");
        rules.add(new Rule(schema, prompt -> prompt.contains(promptContains), reply));
        return this;
    }

    /**
     * Answers every request that no {@code on} rule takes with the text the function returns.
     *
     * @param reply the reply text for a request; replaces an earlier fallback
     * @return this model
     * @throws NullPointerException if {@code reply} is null
     */
    public ScriptedLlm otherwise(Function<ChatRequest, String> reply) {
        this.otherwise = Objects.requireNonNull(reply, "reply");
        return this;
    }

    /**
     * Waits this long before every reply, so that tests can see how many calls overlap.
     *
     * @param delay the wait; {@link Duration#ZERO} (the default) for none
     * @return this model
     * @throws NullPointerException if {@code delay} is null
     * @throws IllegalArgumentException if {@code delay} is negative
     */
    public ScriptedLlm delay(Duration delay) {
        Objects.requireNonNull(delay, "delay");
        if (delay.isNegative()) {
            throw new IllegalArgumentException("delay must not be negative, was " + delay);
        }
        this.delay = delay;
        return this;
    }

    /** Every request received so far, in arrival order; a copy. */
    public synchronized List<ChatRequest> requests() {
        return List.copyOf(requests);
    }

    /** How many requests it has received. */
    public synchronized int calls() {
        return requests.size();
    }

    /**
     * How many requests asked for the named structured-output schema.
     *
     * @param schema the schema's name
     * @return the count, 0 when none did
     */
    public synchronized long calls(String schema) {
        return requests.stream().filter(r -> schemaOf(r).equals(schema)).count();
    }

    /** The largest number of calls that were in progress at the same time. */
    public int maxInFlight() {
        return maxInFlight.get();
    }

    /**
     * The first user message of a request, which rules match against; {@code ""} when it has none.
     *
     * @param request the request
     * @return the message's text
     */
    public static String prompt(ChatRequest request) {
        return request.messages().stream()
                .filter(m -> m.role() == ChatMessage.Role.USER)
                .map(ChatMessage::content)
                .findFirst()
                .orElse("");
    }

    /** Returns the name given to {@link #of(String)}. */
    @Override
    public String modelName() {
        return modelName;
    }

    /**
     * Records the request and answers it from the script.
     *
     * @throws AssertionError if no rule and no fallback answers the request
     */
    @Override
    public ChatOutcome chat(ChatRequest request) {
        synchronized (this) {
            requests.add(request);
        }
        maxInFlight.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
        try {
            pause();
            return reply(request);
        } finally {
            inFlight.decrementAndGet();
        }
    }

    private ChatOutcome reply(ChatRequest request) {
        String schema = schemaOf(request);
        String prompt = prompt(request);
        for (Rule rule : rules) {
            if (rule.schema.equals(schema) && rule.prompt.test(prompt)) {
                return rule.reply.apply(request);
            }
        }
        Function<ChatRequest, String> fallback = otherwise;
        if (fallback != null) {
            return new ChatOutcome.Completed(fallback.apply(request), USAGE);
        }
        throw new AssertionError("unscripted request to " + modelName + " (schema '" + schema + "'):\n" + prompt);
    }

    private void pause() {
        Duration wait = delay;
        if (wait.isZero()) {
            return;
        }
        try {
            Thread.sleep(wait);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while delaying a scripted reply", e);
        }
    }

    private static String schemaOf(ChatRequest request) {
        return request.schema().map(ResponseSchema::name).orElse("");
    }

    /** Names the model and how many requests it has received. */
    @Override
    public String toString() {
        return "ScriptedLlm[" + modelName + ", " + calls() + " calls]";
    }
}
