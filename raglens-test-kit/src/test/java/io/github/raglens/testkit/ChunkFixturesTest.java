package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import org.junit.jupiter.api.Test;

/** The fixtures are shaped like the section chunker's chunks. */
class ChunkFixturesTest {

    @Test
    void section_isAWholeParentSectionChunk_coveringItsText() {
        Chunk c = ChunkFixtures.section("paper", "intro", "paper > 1 Introduction", 0, "RAG combines search.");
        assertThat(c.id()).isEqualTo("paper/intro");
        assertThat(c.type()).isEqualTo(ChunkType.PARENT_SECTION);
        assertThat(c.isFragment()).isFalse();
        assertThat(c.parentSectionId()).isNull();
        assertThat(c.charEnd()).isEqualTo("RAG combines search.".length());
    }

    @Test
    void fragment_pointsAtItsSection_andANegativeIndexIsRejected() {
        Chunk f =
                ChunkFixtures.fragment("paper", "method", "paper > 2 Method", ChunkType.TABLE_FRAGMENT, 3, 5, "| a |");
        assertThat(f.id()).isEqualTo("paper/method#3");
        assertThat(f.parentSectionId()).isEqualTo("method");
        assertThat(f.fragmentIndex()).isEqualTo(3);
        assertThat(f.order()).isEqualTo(5);
        assertThatThrownBy(() -> ChunkFixtures.fragment("d", "s", "p", ChunkType.SECTION_FRAGMENT, -1, 0, "x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a fragment's index must be 0 or more, was -1");
    }
}
