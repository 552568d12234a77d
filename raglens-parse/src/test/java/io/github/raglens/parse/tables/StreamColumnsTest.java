package io.github.raglens.parse.tables;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.glyphs.WordRows;
import io.github.raglens.parse.layout.Box;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Columns of unruled tables read from the gaps between their cells. */
class StreamColumnsTest {

    /** One row at {@code top}: each cell is {text, x0}, in 8 pt type, 4 pt per character and a 2.5 pt word space. */
    private static List<Word> row(float top, Object... cells) {
        return WordRows.row(8, 2.5f, top, cells);
    }

    private static List<List<String>> read(List<List<Word>> rows) {
        return StreamColumns.rows(new PageText(1, 612, 792, rows, 0, 0), new Box(0, 0, 792, 612));
    }

    @Test
    void tableWithColumnsThreePointsApart_isSplitWhereEveryBodyRowLeavesAGap() {
        // Springer's LNCS sets 1.4 pt on either side of a cell: a left-aligned name column and a
        // right-aligned number column then touch as closely as the words of one cell do
        // the name column left-aligned at 100, the others right-aligned at 180 and 215
        List<List<Word>> rows = List.of(
                row(100, "Setting", 100, "Train 1", 164),
                row(112, "Metric", 100, "R@5", 168, "R@10", 199),
                row(124, "BM25-7", 100, "13.7", 164, "Ranking", 187),
                row(136, "Rerank-93", 100, "79.5", 164, "35.6", 199),
                row(148, "Random-65", 100, "Evaluation", 140, "81.9", 199),
                row(160, "Oracle-14", 100, "3678", 164, "85.6", 199),
                row(172, "Ours-28", 100, "Score", 160, "81.3", 199));

        List<List<String>> table = read(rows);

        assertThat(table).hasSize(6);
        assertThat(table.get(1)).containsExactly("BM25-7", "13.7", "Ranking");
        assertThat(table.get(3)).containsExactly("Random-65", "Evaluation", "81.9");
        assertThat(table.get(5)).containsExactly("Ours-28", "Score", "81.3");
    }
}
