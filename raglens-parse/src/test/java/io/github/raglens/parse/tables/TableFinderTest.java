package io.github.raglens.parse.tables;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The pieces of the table finder's judgement that stand on their own. */
class TableFinderTest {

    @Test
    void words_countsAsSplittingAtWhitespaceDoes_onRandomCells() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        String alphabet = "ab1. \t\n\u000B\f\r\u00a0\u2003";
        for (int i = 0; i < 200_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int k = random.nextInt(8); k > 0; k--) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String cell = b.toString();
            assertThat(TableFinder.words(cell))
                    .as("words(\"%s\"), seed %d (-Draglens.seed=%d replays it)", cell, seed, seed)
                    .isEqualTo(cell.split("\\s+").length);
        }
    }

    @Test
    void normalised_agreesWithNfkcAndCollapsingWhitespaceByRegularExpression_onRandomCells() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        String alphabet = "a1\ufb01 \t\n\u000B\f\r\u00a0\u2003\u3000\u2028";
        for (int i = 0; i < 200_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int k = random.nextInt(8); k > 0; k--) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String cell = b.toString();
            String expected = Normalizer.normalize(cell, Normalizer.Form.NFKC)
                    .replaceAll("\\s+", " ")
                    .strip();
            assertThat(TableFinder.normalised(cell))
                    .as("normalised(\"%s\"), seed %d (-Draglens.seed=%d replays it)", cell, seed, seed)
                    .isEqualTo(expected);
        }
    }
}
