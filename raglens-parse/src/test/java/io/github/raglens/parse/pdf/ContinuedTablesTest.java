package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Table;
import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Line;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContinuedTablesTest {

    private static final List<String> HEADER = List.of("Area", "Cases");
    private static final Table FIRST =
            new Table(2, List.of(HEADER, List.of("North 1", "10"), List.of("South 2", "20")));

    private static final float BODY = 10;

    /** A line of the given words, each 30 points wide. */
    private static Line line(int page, String text) {
        List<Word> words = new java.util.ArrayList<>();
        float x = 72;
        for (String w : text.split(" ")) {
            words.add(new Word(w, x, x + 30, 700, 710, BODY, false, false, false, 0));
            x += 33;
        }
        return new Line(page, 0, words);
    }

    /** The tables and lines as the pieces of a reading order. */
    private static List<Piece> pieces(Object... tablesAndLines) {
        List<Piece> out = new java.util.ArrayList<>();
        for (Object o : tablesAndLines) {
            out.add(o instanceof Table t ? new Piece.TablePiece(t) : new Piece.LinePiece((Line) o));
        }
        return out;
    }

    @Test
    void tableFirstOnTheNextPage_withAsManyColumns_isJoined_itsRepeatedHeaderDropped() {
        Table next = new Table(3, List.of(List.of("Area", " Cases"), List.of("East 3", "30")));
        List<Piece> joined = ContinuedTables.join(pieces(FIRST, next), Set.of(), BODY);
        assertThat(joined)
                .containsExactly(new Piece.TablePiece(new Table(
                        2,
                        List.of(HEADER, List.of("North 1", "10"), List.of("South 2", "20"), List.of("East 3", "30")))));
    }

    @Test
    void continuationWithoutItsHeader_keepsEveryRow_andAThirdPageJoinsToo() {
        Table second = new Table(3, List.of(List.of("East 3", "30")));
        Table third = new Table(4, List.of(HEADER, List.of("West 4", "40")));
        List<Piece> joined = ContinuedTables.join(pieces(FIRST, second, third), Set.of(), BODY);
        assertThat(joined).hasSize(1);
        assertThat(joined.getFirst().asTable().orElseThrow().rows())
                .containsExactly(
                        HEADER,
                        List.of("North 1", "10"),
                        List.of("South 2", "20"),
                        List.of("East 3", "30"),
                        List.of("West 4", "40"));
    }

    @Test
    void footnotesBetweenTheParts_followTheJoinedTable() {
        Line note = line(2, "1 A note at the foot of the page.");
        Table next = new Table(3, List.of(List.of("East 3", "30")));
        List<Piece> joined = ContinuedTables.join(pieces(FIRST, note, next), Set.of(note), BODY);
        assertThat(joined).hasSize(2);
        assertThat(joined.getFirst().asTable().orElseThrow().rows()).hasSize(4);
        assertThat(joined.getLast().asLine()).containsSame(note);
    }

    /** Word processors may set footnotes at the body's size, where the footnote finder does not see them. */
    @Test
    void footnotesAtTheBodysSize_openingWithANoteMark_followTheJoinedTable() {
        Line note = line(2, "1 A note at the foot of the page");
        Line rest = line(2, "running over a second line.");
        Table next = new Table(3, List.of(List.of("East 3", "30")));
        List<Piece> joined = ContinuedTables.join(pieces(FIRST, note, rest, next), Set.of(), BODY);
        assertThat(joined).hasSize(3);
        assertThat(joined.getFirst().asTable().orElseThrow().rows()).hasSize(4);
        assertThat(Piece.lines(joined.subList(1, 3))).containsExactly(note, rest);
        Line paragraph = line(2, "The counts above are final.");
        assertThat(ContinuedTables.join(pieces(FIRST, paragraph, note, next), Set.of(), BODY))
                .containsExactlyElementsOf(pieces(FIRST, paragraph, note, next));
    }

    @Test
    void textBetween_otherColumns_orTheSamePage_keepTablesApart() {
        Table onNextPage = new Table(3, List.of(List.of("East 3", "30")));
        Line caption = line(3, "Table 2: Costs by area.");
        assertThat(ContinuedTables.join(pieces(FIRST, caption, onNextPage), Set.of(), BODY))
                .containsExactlyElementsOf(pieces(FIRST, caption, onNextPage));
        Table wider = new Table(3, List.of(List.of("East 3", "30", "7")));
        assertThat(ContinuedTables.join(pieces(FIRST, wider), Set.of(), BODY))
                .containsExactlyElementsOf(pieces(FIRST, wider));
        Table samePage = new Table(2, List.of(List.of("East 3", "30")));
        assertThat(ContinuedTables.join(pieces(FIRST, samePage), Set.of(), BODY))
                .containsExactlyElementsOf(pieces(FIRST, samePage));
    }
}
