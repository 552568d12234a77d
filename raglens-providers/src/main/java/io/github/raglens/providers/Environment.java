package io.github.raglens.providers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Where provider settings ({@code OLLAMA_HOST}, {@code OPENAI_API_KEY}, …) are looked up.
 * Injectable so that tests and embedding applications do not depend on the process environment.
 *
 * <p>Implementations must be thread-safe. Blank values count as absent.
 */
@FunctionalInterface
public interface Environment {

    /**
     * The value of a variable.
     *
     * @param name the variable's name
     * @return the value, empty when unset (or null or blank)
     */
    Optional<String> lookup(String name);

    /** A variable's value, treating blank as absent. */
    default Optional<String> get(String name) {
        Objects.requireNonNull(name, "name");
        return lookup(name).filter(v -> !v.isBlank()).map(String::strip);
    }

    /** This environment, falling back to {@code other} for variables this one lacks. */
    default Environment orElse(Environment other) {
        Objects.requireNonNull(other, "other");
        return name -> {
            Optional<String> v = get(name);
            return v.isPresent() ? v : other.get(name);
        };
    }

    /** The process environment ({@link System#getenv(String)}). */
    static Environment system() {
        return name -> Optional.ofNullable(System.getenv(name));
    }

    /** Fixed variables, e.g. for tests. */
    static Environment of(Map<String, String> variables) {
        Map<String, String> copy = Map.copyOf(variables);
        return name -> Optional.ofNullable(copy.get(name));
    }

    /**
     * Variables of a {@code .env} file: {@code NAME=value} lines, optionally prefixed with {@code
     * export}, values optionally in single or double quotes; {@code #} starts a comment line. A
     * missing file gives an empty environment.
     *
     * @param file the file
     * @throws UncheckedIOException when the file exists but cannot be read
     */
    static Environment dotEnv(Path file) {
        Objects.requireNonNull(file, "file");
        if (!Files.isRegularFile(file)) {
            return of(Map.of());
        }
        Map<String, String> vars = new HashMap<>();
        try {
            for (String raw : Files.readAllLines(file, StandardCharsets.UTF_8)) {
                String line = raw.strip();
                if (line.isEmpty() || line.startsWith("#")) {
                    continue;
                }
                if (line.startsWith("export ")) {
                    line = line.substring("export ".length()).strip();
                }
                int eq = line.indexOf('=');
                if (eq <= 0) {
                    continue;
                }
                String name = line.substring(0, eq).strip();
                String value = line.substring(eq + 1).strip();
                if (value.length() >= 2
                        && (value.startsWith("\"") && value.endsWith("\"")
                                || value.startsWith("'") && value.endsWith("'"))) {
                    value = value.substring(1, value.length() - 1);
                }
                vars.put(name, value);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return of(vars);
    }

    /**
     * What the {@code raglens} command uses: the process environment, then the {@code .env} file
     * in {@code directory} (real environment variables win).
     */
    static Environment standard(Path directory) {
        return system().orElse(dotEnv(directory.resolve(".env")));
    }
}
