package io.github.raglens.junit;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.internal.Json;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * A chat model whose replies come from a recordings file, so that tests judging, answering or writing
 * questions run in CI with no API key and no network.
 *
 * <p>Each call is keyed by the model's name and the whole request (every message, the schema, the
 * temperature, the seed and the token cap): a changed prompt, prompt version or model is a different
 * call, never an old reply reused. A call with no recording goes to the live model only when
 * recording is on ({@code -D}{@value #RECORD_PROPERTY}{@code =true}, or {@link
 * Builder#recordMissing(boolean)}) and is then added to the file; otherwise it fails as a
 * non-retryable {@link ProviderException} and is listed by {@link #missingCalls()}, which {@link
 * #assertAllRecorded()} turns into one message naming the calls and the command that records them.
 *
 * <p>The file is JSON lines sorted by key (rewritten in order by {@link #close()}), so a re-recording
 * diffs cleanly. Thread-safe.
 */
public final class RecordedLlm implements LlmProvider, AutoCloseable {

    /** The system property that turns recording of missing calls on. */
    public static final String RECORD_PROPERTY = "raglens.record";

    /** How much of a missing call's last message its description shows. */
    private static final int PREVIEW_CHARS = 100;

    private final Path file;
    private final String model;
    private final Supplier<LlmProvider> live;
    private final boolean recordMissing;
    private final Map<String, Recording> recordings;
    private final Map<String, String> missing = new TreeMap<>();
    private LlmProvider liveProvider;
    private boolean changed;

    private RecordedLlm(Builder b) {
        this.file = b.file;
        this.model = b.model;
        this.live = b.live;
        this.recordMissing = b.recordMissing;
        this.recordings = load(file);
    }

    /**
     * A builder for the recordings in a file (created when the first call is recorded).
     *
     * @param file e.g. {@code src/test/resources/raglens/recordings/judge.jsonl}
     */
    public static Builder builder(Path file) {
        return new Builder(file);
    }

    @Override
    public String modelName() {
        return model;
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        String key = key(request);
        Recording recording;
        synchronized (this) {
            recording = recordings.get(key);
        }
        if (recording != null) {
            return recording.outcome();
        }
        if (!recordMissing || live == null) {
            synchronized (this) {
                missing.put(key, preview(request));
            }
            throw new ProviderException(
                    "recorded",
                    model,
                    0,
                    null,
                    false,
                    "no recording of this call to '" + model + "' in " + file + " (call " + key + "); " + howToRecord(),
                    null);
        }
        ChatOutcome outcome = live().chat(request);
        Recording made = Recording.of(key, preview(request), outcome);
        synchronized (this) {
            recordings.put(key, made);
            append(made);
            changed = true;
        }
        return outcome;
    }

    /** The calls asked for that have no recording, by key, each with the start of its last message. */
    public synchronized Map<String, String> missingCalls() {
        return Map.copyOf(missing);
    }

    /**
     * Fails when any call had no recording.
     *
     * @throws AssertionError naming the file, the model, every missing call and the command that
     *     records them
     */
    public synchronized void assertAllRecorded() {
        if (missing.isEmpty()) {
            return;
        }
        StringBuilder s = new StringBuilder()
                .append(missing.size())
                .append(missing.size() == 1 ? " call" : " calls")
                .append(" to '")
                .append(model)
                .append("' not recorded in ")
                .append(file)
                .append(":\n");
        missing.forEach((key, preview) ->
                s.append("  ").append(key).append(" \"").append(preview).append("\"\n"));
        s.append(howToRecord());
        throw new AssertionError(s.toString());
    }

    /** Rewrites the file in key order when calls were recorded; replaying leaves it untouched. */
    @Override
    public synchronized void close() {
        if (!changed) {
            return;
        }
        try (BufferedWriter w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            for (Recording r : new TreeMap<>(recordings).values()) {
                w.write(Json.writer().writeValueAsString(r));
                w.write('\n');
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write recordings to " + file + ": " + e.getMessage(), e);
        }
        changed = false;
    }

    private synchronized LlmProvider live() {
        if (liveProvider == null) {
            liveProvider = Objects.requireNonNull(live.get(), "the live provider supplier returned null");
        }
        return liveProvider;
    }

    private String howToRecord() {
        return "record with: mvn test -D" + RECORD_PROPERTY + "=true (calls the live model, so its API key must be"
                + " set), then commit " + file.getFileName();
    }

    private String key(ChatRequest request) {
        try {
            String canonical = model + "\n" + Json.writer().writeValueAsString(request);
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(canonical.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 12);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise a chat request: " + e.getMessage(), e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    private static String preview(ChatRequest request) {
        List<ChatMessage> messages = request.messages();
        String last = messages.get(messages.size() - 1)
                .content()
                .replaceAll("\\s+", " ")
                .strip();
        return last.length() <= PREVIEW_CHARS ? last : last.substring(0, PREVIEW_CHARS) + "…";
    }

    private void append(Recording r) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            Files.writeString(
                    file,
                    Json.writer().writeValueAsString(r) + "\n",
                    StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE,
                    StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot append a recording to " + file + ": " + e.getMessage(), e);
        }
    }

    private static Map<String, Recording> load(Path file) {
        Map<String, Recording> loaded = new TreeMap<>();
        if (!Files.exists(file)) {
            return loaded;
        }
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read recordings " + file + ": " + e.getMessage(), e);
        }
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            try {
                Recording r = Json.reader().forType(Recording.class).readValue(line);
                loaded.put(r.key(), r);
            } catch (IOException | RuntimeException e) {
                throw new IllegalArgumentException(
                        file + " line " + (i + 1) + " is not a recording (" + e.getMessage()
                                + "); delete the line and record again",
                        e);
            }
        }
        return loaded;
    }

    @Override
    public String toString() {
        return "RecordedLlm{model=" + model + ", file=" + file + ", recordings=" + recordings.size()
                + ", recordMissing=" + recordMissing + "}";
    }

    /** One recorded reply. */
    record Recording(
            String key,
            String preview,
            String status,
            String text,
            String reason,
            long promptTokens,
            long completionTokens) {

        static Recording of(String key, String preview, ChatOutcome outcome) {
            return switch (outcome) {
                case ChatOutcome.Completed c ->
                    new Recording(
                            key,
                            preview,
                            "completed",
                            c.text(),
                            "",
                            c.usage().promptTokens(),
                            c.usage().completionTokens());
                case ChatOutcome.Failed f ->
                    new Recording(
                            key,
                            preview,
                            "failed",
                            f.detail(),
                            f.reason().name(),
                            f.usage().promptTokens(),
                            f.usage().completionTokens());
            };
        }

        ChatOutcome outcome() {
            TokenUsage usage = new TokenUsage(promptTokens, completionTokens);
            return status.equals("completed")
                    ? new ChatOutcome.Completed(text, usage)
                    : new ChatOutcome.Failed(ChatOutcome.Reason.valueOf(reason), text, usage);
        }
    }

    /** Configures a {@link RecordedLlm}; not thread-safe. */
    public static final class Builder {
        private final Path file;
        private String model;
        private Supplier<LlmProvider> live;
        private boolean recordMissing = Boolean.getBoolean(RECORD_PROPERTY);

        private Builder(Path file) {
            this.file = Objects.requireNonNull(file, "file");
        }

        /**
         * The model's name as the live provider reports it (e.g. {@code openai/gpt-4o-mini}); part of
         * every call's key and recorded with every score. Required.
         */
        public Builder model(String model) {
            this.model = Objects.requireNonNull(model, "model");
            return this;
        }

        /**
         * The live model that answers missing calls while recording; asked for only then, so a replay
         * needs no key.
         */
        public Builder live(Supplier<LlmProvider> live) {
            this.live = Objects.requireNonNull(live, "live");
            return this;
        }

        /**
         * Whether missing calls go to the live model and are recorded; default: the system property
         * {@value #RECORD_PROPERTY}.
         */
        public Builder recordMissing(boolean recordMissing) {
            this.recordMissing = recordMissing;
            return this;
        }

        /**
         * The provider.
         *
         * @throws IllegalStateException if no model name was given, or recording is on without a live
         *     model
         * @throws IllegalArgumentException if the file holds a line that is not a recording
         */
        public RecordedLlm build() {
            if (model == null) {
                throw new IllegalStateException("a recorded model needs its name; call model(\"openai/gpt-4o-mini\")");
            }
            if (recordMissing && live == null) {
                throw new IllegalStateException("recording needs the live model; call live(() -> provider)");
            }
            return new RecordedLlm(this);
        }
    }
}
