package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Trimming the region of an unruled table before stream extraction. */
class TableRegionsTest {

    /** One row at {@code top}: each cell is {text, x0}, in 10 pt type, 5 pt per character and a 3 pt word space. */
    private static List<Word> row(float top, Object... cells) {
        return WordRows.row(10, 3, top, cells);
    }

    @Test
    void leadingTitleAcrossColumnGaps_isDropped_headerCellsWithinOneColumnStay() {
        List<Word> title = row(100, "by education system: 2011", 50);
        List<Word> lone = row(114, "Combined", 400);
        List<Word> header = row(128, "Country", 50, "Coverage", 150, "Rate", 250, "Response", 400);
        List<Word> body = row(142, "Australia", 50, "100", 150, "96", 250, "93", 400);

        assertThat(TableRegions.withoutSpanningTitle(List.of(title, lone, header, body)))
                .containsExactly(lone, header, body);
    }

    @Test
    void tableWithoutTitle_isKeptWhole() {
        List<Word> header = row(128, "Country", 50, "Coverage", 150, "Rate", 250);
        List<Word> body = row(142, "Australia", 50, "100", 150, "96", 250);
        List<List<Word>> rows = List.of(header, body);

        assertThat(TableRegions.withoutSpanningTitle(rows)).isSameAs(rows);
    }
}
