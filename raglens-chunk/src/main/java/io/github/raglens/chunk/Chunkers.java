package io.github.raglens.chunk;

import io.github.raglens.model.ChunkerKind;
import io.github.raglens.spi.Chunker;
import java.util.Objects;

/**
 * The chunker of each {@link ChunkerKind}, with its defaults: {@code section} ({@link
 * SectionChunker}), {@code sliding} ({@link SlidingWindowChunker}) and {@code recursive} ({@link
 * RecursiveChunker}).
 */
public final class Chunkers {

    private Chunkers() {}

    /** The chunker of a kind, with its default options. */
    public static Chunker of(ChunkerKind kind) {
        return switch (Objects.requireNonNull(kind, "kind")) {
            case SECTION -> SectionChunker.builder().build();
            case SLIDING -> SlidingWindowChunker.builder().build();
            case RECURSIVE -> RecursiveChunker.builder().build();
        };
    }
}
