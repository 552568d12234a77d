package io.github.raglens.parse.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** A table's cell texts without their dot leaders. */
class CellsTest {

    @Test
    void withoutLeaders_dropsTheDotsFromALabelToItsFigure() {
        assertThat(Cells.withoutLeaders("Defence ........")).isEqualTo("Defence");
        assertThat(Cells.withoutLeaders("Defence . . . . . 3.1")).isEqualTo("Defence 3.1");
        assertThat(Cells.withoutLeaders(" 12.5 ")).isEqualTo("12.5");
        assertThat(Cells.withoutLeaders("no dots  here")).isEqualTo("no dots  here");
    }

    @Test
    void withoutLeaders_agreesWithTheLeaderPatternAppliedToEveryCellWithADot_onRandomCells() {
        Pattern leader = Pattern.compile("(?:\\s*[.·]){4,}\\s*");
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        String alphabet = "..··a1  \t";
        for (int i = 0; i < 200_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int k = random.nextInt(10); k > 0; k--) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String cell = b.toString();
            String expected = cell.indexOf('.') < 0 && cell.indexOf('·') < 0
                    ? cell
                    : leader.matcher(cell).replaceAll(" ").strip().replaceAll(" {2,}", " ");
            assertThat(Cells.withoutLeaders(cell))
                    .as("withoutLeaders(\"%s\"), seed %d (-Draglens.seed=%d replays it)", cell, seed, seed)
                    .isEqualTo(expected);
        }
    }
}
