package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.ChunkerKind;
import org.junit.jupiter.api.Test;

class ChunkerKindTest {

    @Test
    void aKindIsReadByName_inAnyCase_andAnUnknownNameListsTheKnownOnes() {
        assertThat(ChunkerKind.parse("Sliding")).isEqualTo(ChunkerKind.SLIDING);
        assertThatThrownBy(() -> ChunkerKind.parse("semantic"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown chunker 'semantic'; use section, sliding or recursive");
    }
}
