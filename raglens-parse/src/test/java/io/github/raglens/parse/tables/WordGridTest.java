package io.github.raglens.parse.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.glyphs.WordRows;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Telling a table of words from text by the shared left edges of its cells. */
class WordGridTest {

    /** One row at {@code top}: each cell is {text, x0}, in 10 pt type, 5 pt per character and a 3 pt word space. */
    private static List<Word> row(float top, Object... cells) {
        return WordRows.row(10, 3, top, cells);
    }

    @Test
    void gridOfWords_isATable_namesCentredOverColumnsAreNot() {
        List<List<Word>> grid = new ArrayList<>();
        grid.add(row(100, "Region", 50, "Office", 120, "Opening hours", 300, "Contact", 430));
        grid.add(row(
                114, "North", 50, "Harbour Street, Northport", 120, "Monday to Friday", 300, "north@example.org", 430));
        grid.add(row(128, "South", 50, "Market Square", 120, "Monday to Saturday", 300, "south@example.org", 430));
        grid.add(row(142, "East", 50, "Station Road, Eastham", 120, "Tuesday to Friday", 300, "east@example.org", 430));
        List<List<Word>> names = new ArrayList<>();
        String[][] people = {
            {"Ann Lee", "Bartholomew Wright", "Cy Ng"}, {"University of Leeds", "ETH", "Inria Paris"},
            {"Leeds, UK", "Zurich, Switzerland", "Paris, France"}, {"ann@leeds.ac.uk", "bw@ethz.ch", "cy@inria.fr"}
        };
        for (int r = 0; r < people.length; r++) {
            Object[] cells = new Object[6];
            for (int c = 0; c < 3; c++) {
                cells[2 * c] = people[r][c];
                cells[2 * c + 1] = 120 + 180 * c - 2.5f * people[r][c].length(); // centred on its column
            }
            names.add(row(100 + 14 * r, cells));
        }

        assertThat(WordGrid.is(grid)).isTrue();
        assertThat(WordGrid.is(names)).isFalse();
        assertThat(WordGrid.is(grid.subList(0, 3))).isFalse(); // too few rows to tell
    }
}
