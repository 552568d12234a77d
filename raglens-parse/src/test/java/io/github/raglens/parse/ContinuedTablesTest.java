package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Table;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ContinuedTablesTest {

    private static final List<String> HEADER = List.of("Area", "Cases");
    private static final Table FIRST =
            new Table(2, List.of(HEADER, List.of("North 1", "10"), List.of("South 2", "20")));

    private static Line line(int page, String text) {
        return new Line(page, 0, List.of(new Word(text, 72, 200, 700, 710, 10, false, 0)));
    }

    @Test
    void tableFirstOnTheNextPage_withAsManyColumns_isJoined_itsRepeatedHeaderDropped() {
        Table next = new Table(3, List.of(List.of("Area", " Cases"), List.of("East 3", "30")));
        List<Object> joined = ContinuedTables.join(List.of(FIRST, next), Set.of());
        assertThat(joined)
                .containsExactly(new Table(
                        2,
                        List.of(HEADER, List.of("North 1", "10"), List.of("South 2", "20"), List.of("East 3", "30"))));
    }

    @Test
    void continuationWithoutItsHeader_keepsEveryRow_andAThirdPageJoinsToo() {
        Table second = new Table(3, List.of(List.of("East 3", "30")));
        Table third = new Table(4, List.of(HEADER, List.of("West 4", "40")));
        List<Object> joined = ContinuedTables.join(List.of(FIRST, second, third), Set.of());
        assertThat(joined).hasSize(1);
        assertThat(((Table) joined.getFirst()).rows())
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
        List<Object> joined = ContinuedTables.join(List.of(FIRST, note, next), Set.of(note));
        assertThat(joined).hasSize(2);
        assertThat(((Table) joined.getFirst()).rows()).hasSize(4);
        assertThat(joined.getLast()).isSameAs(note);
    }

    @Test
    void textBetween_otherColumns_orTheSamePage_keepTablesApart() {
        Table onNextPage = new Table(3, List.of(List.of("East 3", "30")));
        Line caption = line(3, "Table 2: Costs by area.");
        assertThat(ContinuedTables.join(List.of(FIRST, caption, onNextPage), Set.of()))
                .containsExactly(FIRST, caption, onNextPage);
        Table wider = new Table(3, List.of(List.of("East 3", "30", "7")));
        assertThat(ContinuedTables.join(List.of(FIRST, wider), Set.of())).containsExactly(FIRST, wider);
        Table samePage = new Table(2, List.of(List.of("East 3", "30")));
        assertThat(ContinuedTables.join(List.of(FIRST, samePage), Set.of())).containsExactly(FIRST, samePage);
    }
}
