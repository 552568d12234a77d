package io.github.raglens.chunk;

import io.github.raglens.spi.Chunker;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The chunkers of this module by name, for command lines and configuration files: {@code section}
 * ({@link SectionChunker}), {@code sliding} ({@link SlidingWindowChunker}) and {@code recursive}
 * ({@link RecursiveChunker}), each with its defaults.
 */
public final class Chunkers {

    private static final List<String> NAMES = List.of("section", "sliding", "recursive");

    private Chunkers() {}

    /** The names {@link #byName(String)} accepts, the default first. */
    public static List<String> names() {
        return NAMES;
    }

    /**
     * The chunker with this name (case-insensitive), with its default options.
     *
     * @throws IllegalArgumentException for an unknown name; the message lists the known ones
     */
    public static Chunker byName(String name) {
        Objects.requireNonNull(name, "name");
        return switch (name.strip().toLowerCase(Locale.ROOT)) {
            case "section" -> SectionChunker.builder().build();
            case "sliding" -> SlidingWindowChunker.builder().build();
            case "recursive" -> RecursiveChunker.builder().build();
            default ->
                throw new IllegalArgumentException(
                        "unknown chunker '" + name + "'; use one of: " + String.join(", ", NAMES));
        };
    }
}
