package io.github.raglens.parse.layout;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.glyphs.WordRows;
import java.util.List;
import org.junit.jupiter.api.Test;

class RowsTest {

    /** A word of size 10 from x0 to x1. */
    private static Word word(String text, float x0, float x1, float size) {
        return new Word(text, x0, x1, 100, 100 + size, size, false, false, false, 0);
    }

    @Test
    void gaps_areMeasuredInTheLargerWordsEm_andEachRuleHasItsOwnDistance() {
        Word a = word("Recall", 100, 130, 10);
        assertThat(Rows.wordSpace(a, word("at", 137.9f, 150, 10))).isTrue();
        assertThat(Rows.wordSpace(a, word("at", 138, 150, 10))).isFalse();
        assertThat(Rows.cellGap(a, word("0.41", 139, 160, 10))).isFalse();
        assertThat(Rows.cellGap(a, word("0.41", 139.1f, 160, 10))).isTrue();
        assertThat(Rows.wideGap(a, word("0.41", 145, 160, 10))).isFalse();
        assertThat(Rows.wideGap(a, word("0.41", 145.1f, 160, 10))).isTrue();
        // a 12-point neighbour sets the em for both
        assertThat(Rows.cellGap(a, word("0.41", 140.5f, 160, 12))).isFalse();
    }

    @Test
    void cells_countRunsPartedByCellGaps_andTextJoinsWordsBySpaces() {
        List<Word> row = WordRows.row(10, 3, 100, "Road upkeep", 72, "31,062", 200, "10,009", 260);
        assertThat(Rows.cells(row)).isEqualTo(3);
        assertThat(Rows.text(row)).isEqualTo("Road upkeep 31,062 10,009");
        assertThat(Rows.top(row)).isEqualTo(100);
        assertThat(Rows.bottom(row)).isEqualTo(110);
        assertThat(Rows.across(List.of(row, WordRows.row(10, 3, 120, "Total", 60))))
                .containsExactly(60f, 290f);
    }

    @Test
    void box_holdsAWordByItsCentre_edgesIncluded_andGrowsOnEverySide() {
        Box box = new Box(100, 50, 110, 90);
        assertThat(box.holds(word("in", 80, 100, 10))).isTrue(); // centre x 90, on the right edge
        assertThat(box.holds(word("out", 81, 101, 10))).isFalse();
        assertThat(box.grown(1).holds(word("out", 81, 101, 10))).isTrue();
        assertThat(box.level(word("beside", 300, 320, 10))).isTrue();
        assertThat(box.overlaps(new Box(110, 50, 120, 90))).isFalse(); // touching edges share no area
        assertThat(box.surrounds(new Box(98, 48, 112, 92))).isTrue();
        assertThat(box.surrounds(new Box(97, 48, 112, 92))).isFalse();
    }
}
