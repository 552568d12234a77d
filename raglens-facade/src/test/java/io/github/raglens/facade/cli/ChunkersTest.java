package io.github.raglens.facade.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.chunk.RecursiveChunker;
import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.model.ChunkerKind;
import org.junit.jupiter.api.Test;

class ChunkersTest {

    @Test
    void eachKind_givesItsChunkerWithDefaults() {
        assertThat(Chunkers.of(ChunkerKind.SECTION))
                .hasToString(SectionChunker.builder().build().toString());
        assertThat(Chunkers.of(ChunkerKind.SLIDING)).isInstanceOf(SlidingWindowChunker.class);
        assertThat(Chunkers.of(ChunkerKind.RECURSIVE)).isInstanceOf(RecursiveChunker.class);
    }
}
