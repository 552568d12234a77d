package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Trimming the region of an unruled table before stream extraction. */
class TableRegionsTest {

    /** One row at {@code top}: each cell is {text, x0}, words 5 pt wide per character, size 10. */
    private static List<Word> row(float top, Object... cells) {
        List<Word> out = new ArrayList<>();
        for (int i = 0; i < cells.length; i += 2) {
            float x = ((Number) cells[i + 1]).floatValue();
            for (String w : ((String) cells[i]).split(" ")) {
                float width = 5f * w.length();
                out.add(new Word(w, x, x + width, top, top + 10, 10, false, false, false, 0));
                x += width + 3;
            }
        }
        return out;
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
