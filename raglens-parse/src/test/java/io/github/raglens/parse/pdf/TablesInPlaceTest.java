package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.parse.glyphs.PageText;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Box;
import io.github.raglens.parse.layout.Line;
import io.github.raglens.parse.tables.FoundTable;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TablesInPlaceTest {

    /**
     * Two running lines at one height and one left edge (a header drawn over itself in two parts) join
     * in reading order, so the table row spelling them in that order is the one left out, on every
     * parse. The lines are made afresh each time: the join once followed an identity-hashed set, whose
     * order changed from object to object.
     */
    @Test
    void runningLinesAtOneHeightAndEdge_joinInReadingOrder_everyTime() {
        for (int attempt = 0; attempt < 40; attempt++) {
            Line first = new Line(1, 0, List.of(word("Annual", 50, 20)));
            Line second = new Line(1, 0, List.of(word("Report", 50, 20)));
            Line body = new Line(1, 0, List.of(word("Body", 50, 100)));
            List<List<String>> rows = List.of(
                    List.of("Name", "Value"),
                    List.of("Annual", "Report"),
                    List.of("Report", "Annual"),
                    List.of("alpha", "1"));
            PageText page = new PageText(1, 600, 800, List.of(), 0, 0);
            FoundTable table = new FoundTable(rows, 1, new Box(300, 50, 400, 300));

            List<Piece> pieces = TablesInPlace.pieces(
                    List.of(page),
                    Map.of(page, List.of(table)),
                    List.of(List.of(first, second, body)),
                    List.of(List.of(body)));

            assertThat(pieces).hasSize(2);
            assertThat(((Piece.TablePiece) pieces.get(1)).table().rows())
                    .as("attempt %d", attempt)
                    .containsExactly(List.of("Name", "Value"), List.of("Report", "Annual"), List.of("alpha", "1"));
        }
    }

    private static Word word(String text, float x0, float top) {
        return new Word(text, x0, x0 + 40, top, top + 10, 10, false, false, false, 0);
    }
}
