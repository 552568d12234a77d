package io.github.raglens.facade.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.EnumMap;
import java.util.HexFormat;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The workspace's {@code manifest.json}: for every completed stage, the fingerprint of the
 * configuration that produced its output and the fingerprints of the inputs it read.
 *
 * <p>A stage is current when its recorded configuration fingerprint equals the one it would run with
 * now and every input stage it read is still at the fingerprint it read. Written atomically (write,
 * then rename). Not thread-safe: one pipeline owns a workspace at a time.
 */
public final class Manifest {

    private final Path file;
    private final Map<Stage, Entry> entries = new EnumMap<>(Stage.class);

    /**
     * A completed stage.
     *
     * @param fingerprint hash of the stage's configuration and of its inputs' fingerprints
     * @param description the configuration in words, for people reading the file
     * @param completedAt when the stage completed
     * @param raglensVersion the version that ran it
     * @param inputs input stage → the fingerprint it had when this stage read it
     */
    public record Entry(
            String fingerprint,
            String description,
            String completedAt,
            String raglensVersion,
            Map<String, String> inputs) {
        /**
         * Validates that the fingerprint is there and copies the inputs.
         *
         * @throws NullPointerException if the fingerprint, the inputs or an input's fingerprint is
         *     null (a damaged manifest: its stage cannot be taken as current)
         */
        public Entry {
            Objects.requireNonNull(fingerprint, "fingerprint");
            inputs = Map.copyOf(Objects.requireNonNull(inputs, "inputs"));
        }
    }

    private Manifest(Path file) {
        this.file = file;
    }

    /**
     * Reads the manifest of a workspace, or starts an empty one.
     *
     * @throws StoreException if the file exists but is not a manifest
     */
    public static Manifest load(Path file) {
        Manifest m = new Manifest(file);
        if (!Files.exists(file)) {
            return m;
        }
        try {
            JsonNode root = Json.readTree(file);
            JsonNode stages = root.path("stages");
            for (Stage s : Stage.values()) {
                JsonNode e = stages.get(s.key());
                if (e != null) {
                    m.entries.put(s, Json.fromTree(e, Entry.class));
                }
            }
            return m;
        } catch (IOException e) {
            throw new StoreException(
                    file, file + " is not a raglens manifest (" + Json.problem(e) + "); delete it to start afresh", e);
        }
    }

    /**
     * The fingerprint a stage runs with: a hash of its configuration text and of the fingerprints
     * of the input stages as recorded now.
     *
     * @param stage the stage
     * @param configuration every option that changes the stage's output, as text
     */
    public String fingerprint(Stage stage, String configuration) {
        StringBuilder sb = new StringBuilder(stage.key()).append('\n').append(configuration);
        for (Stage input : stage.inputs()) {
            sb.append('\n')
                    .append(input.key())
                    .append('=')
                    .append(entry(input).map(Entry::fingerprint).orElse("missing"));
        }
        return sha256(sb.toString());
    }

    /** Whether the stage's recorded output was made with this configuration and its current inputs. */
    public boolean isCurrent(Stage stage, String configuration) {
        return entry(stage)
                        .map(e -> e.fingerprint().equals(fingerprint(stage, configuration)))
                        .orElse(false)
                && stage.inputs().stream().allMatch(this::isConsistent);
    }

    /**
     * Whether a recorded stage still sits on the inputs it read: each input stage's recorded
     * fingerprint is the one it read, recursively. A re-run ingest makes the index inconsistent, and
     * so everything that read the index.
     */
    private boolean isConsistent(Stage stage) {
        Entry e = entries.get(stage);
        if (e == null) {
            return false;
        }
        for (Stage input : stage.inputs()) {
            Entry in = entries.get(input);
            if (in == null || !in.fingerprint().equals(e.inputs().get(input.key())) || !isConsistent(input)) {
                return false;
            }
        }
        return true;
    }

    /** The recorded entry of a stage. */
    public Optional<Entry> entry(Stage stage) {
        return Optional.ofNullable(entries.get(stage));
    }

    /**
     * Records a completed stage and saves the manifest.
     *
     * @param stage the stage
     * @param configuration the configuration text it ran with
     * @param raglensVersion the running version
     */
    public void complete(Stage stage, String configuration, String raglensVersion) {
        Map<String, String> inputs = new TreeMap<>();
        for (Stage input : stage.inputs()) {
            entry(input).ifPresent(e -> inputs.put(input.key(), e.fingerprint()));
        }
        entries.put(
                stage,
                new Entry(
                        fingerprint(stage, configuration),
                        configuration,
                        Instant.now().toString(),
                        raglensVersion,
                        inputs));
        save();
    }

    private void save() {
        ObjectNode root = Json.objectNode();
        root.put("manifestVersion", 1);
        ObjectNode stages = root.putObject("stages");
        entries.forEach((s, e) -> stages.set(s.key(), Json.toTree(e)));
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
            Files.writeString(tmp, Json.prettyWriter().writeValueAsString(root), StandardCharsets.UTF_8);
            Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new StoreException(file, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static String sha256(String s) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }
}
