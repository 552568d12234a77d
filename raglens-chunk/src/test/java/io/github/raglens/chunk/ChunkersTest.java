package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ChunkersTest {

    @Test
    void byName_knownNames_giveTheChunkersWithDefaults() {
        assertThat(Chunkers.byName("section"))
                .hasToString(SectionChunker.builder().build().toString());
        assertThat(Chunkers.byName(" Sliding ")).isInstanceOf(SlidingWindowChunker.class);
        assertThat(Chunkers.byName("RECURSIVE")).isInstanceOf(RecursiveChunker.class);
        assertThat(Chunkers.names()).containsExactly("section", "sliding", "recursive");
    }

    @Test
    void byName_unknownName_listsTheKnownOnes() {
        assertThatThrownBy(() -> Chunkers.byName("semantic"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown chunker 'semantic'; use one of: section, sliding, recursive");
    }
}
