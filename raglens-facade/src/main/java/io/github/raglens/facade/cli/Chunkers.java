package io.github.raglens.facade.cli;

import io.github.raglens.chunk.RecursiveChunker;
import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.model.ChunkerKind;
import io.github.raglens.spi.Chunker;
import java.util.Objects;

/**
 * The chunker {@code ingest --chunker} names, with its defaults: {@code section} ({@link
 * SectionChunker}), {@code sliding} ({@link SlidingWindowChunker}) and {@code recursive} ({@link
 * RecursiveChunker}). In code, a chunker comes from its builder, with every option.
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
