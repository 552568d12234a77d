package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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

    @Test
    void aKindIsReadByName_inAnyCase_andAnUnknownNameListsTheKnownOnes() {
        assertThat(ChunkerKind.parse("Sliding")).isEqualTo(ChunkerKind.SLIDING);
        assertThatThrownBy(() -> ChunkerKind.parse("semantic"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown chunker 'semantic'; use section, sliding or recursive");
    }
}
