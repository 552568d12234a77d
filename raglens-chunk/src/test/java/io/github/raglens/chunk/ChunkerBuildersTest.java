package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ChunkerBuildersTest {

    @Test
    void anOptionSetTwice_isRefused_namingItsFirstValue() {
        assertThatThrownBy(() -> SectionChunker.builder().maxSectionChars(2_000).maxSectionChars(3_000))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("maxSectionChars was already set to 2000; set it once");
        assertThatThrownBy(() -> RecursiveChunker.builder().chunkChars(800).chunkChars(900))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("chunkChars was already set to 800; set it once");
        assertThatThrownBy(() -> SlidingWindowChunker.builder().overlapChars(50).overlapChars(60))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("overlapChars was already set to 50; set it once");
    }

    @Test
    void aVariant_mayChangeEachOptionOnce_keepingTheOthers() {
        SectionChunker base = SectionChunker.builder()
                .maxSectionChars(2_000)
                .fragmentChars(900)
                .build();
        SectionChunker variant = base.toBuilder().maxSectionChars(3_000).build();
        assertThat(variant.toString()).contains("maxSectionChars=3000").contains("fragmentChars=900");

        RecursiveChunker recursive =
                RecursiveChunker.builder().chunkChars(800).overlapChars(80).build();
        assertThat(recursive.toBuilder().chunkChars(900).build().toString())
                .startsWith("RecursiveChunker[chunkChars=900, overlapChars=80,");

        SlidingWindowChunker window =
                SlidingWindowChunker.builder().windowChars(700).overlapChars(70).build();
        assertThat(window.toBuilder().overlapChars(10).build().toString())
                .startsWith("SlidingWindowChunker[windowChars=700, overlapChars=10,");
    }
}
