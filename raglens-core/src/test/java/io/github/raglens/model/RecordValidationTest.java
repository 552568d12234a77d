package io.github.raglens.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RecordValidationTest {

    @Test
    void section_copiesItsLists() {
        List<Section> children = new ArrayList<>();
        Section s = new Section("s", "t", 1, "", 0, 0, List.of(), children);
        children.add(Section.of("x", "x", 2, ""));
        assertThat(s.children()).isEmpty();
    }

    @Test
    void section_rejectsReversedPageSpan() {
        assertThatThrownBy(() -> new Section("s", "t", 1, "", 5, 4, List.of(), List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("page span must satisfy 0 <= pageStart <= pageEnd, was 5..4");
    }

    @Test
    void document_rejectsNullRoot_namingTheField() {
        assertThatThrownBy(() -> new Document("d", "t", "f", 0, Map.of(), null))
                .isInstanceOf(NullPointerException.class)
                .hasMessage("root");
    }

    @Test
    void chunk_rejectsNegativeSpan() {
        assertThatThrownBy(() -> new Chunk("c", "d", "s", null, "p", ChunkType.PARENT_SECTION, -1, 0, "t", 3, 2, 0, 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("span must satisfy 0 <= charStart <= charEnd, was 3..2");
    }

    @Test
    void judgement_rejectsScoreOutsideUnitInterval() {
        assertThatThrownBy(() -> new Judgement.Scored(Double.NaN, ""))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("score must be in [0, 1], was NaN");
    }

    @Test
    void chatRequest_needsAMessage_andPositiveTokenCap() {
        assertThatThrownBy(() -> ChatRequest.builder().build()).hasMessage("a chat request needs at least one message");
        assertThatThrownBy(
                        () -> ChatRequest.builder().user("x").maxOutputTokens(0).build())
                .hasMessage("maxOutputTokens must be > 0, was 0");
    }

    @Test
    void failureReason_codesAreKebabCase() {
        assertThat(ChatOutcome.Reason.INVALID_JSON.code()).isEqualTo("invalid-json");
        assertThat(ChatOutcome.Reason.SCHEMA_MISMATCH.code()).isEqualTo("schema-mismatch");
    }

    @Test
    void table_columnCount_isTheWidestRow() {
        assertThat(new Table(1, List.of(List.of("a"), List.of("1", "2", "3"))).columnCount())
                .isEqualTo(3);
    }
}
