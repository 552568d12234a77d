package io.github.raglens.parse;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SplitBaselinesTest {

    private static Word word(String text, float x0, float x1, float baseline, float size) {
        return new Word(text, x0, x1, baseline - 0.7f * size, baseline, size, false, false, false, 0);
    }

    private static List<String> texts(List<Word> row) {
        return row.stream().map(Word::text).toList();
    }

    @Test
    void rejoin_smallCapitalsHeadingSplitOverTwoRows_isOneLineAgain() {
        // as PDFBox grouped an IEEE section heading beside a line of the right column: "I. R" at 9 pt went
        // with the right column's row 5 points above, "EADING ORDER" at 7 pt formed a row of its own
        List<List<Word>> rows = List.of(
                List.of(
                        word("I.", 133.2f, 139.4f, 319.3f, 9),
                        word("R", 144.8f, 151.0f, 319.3f, 9),
                        word("characterization", 312, 376, 314, 9),
                        word("unsupervised", 379, 431, 314, 9)),
                List.of(word("EADING", 151.0f, 184, 319.3f, 7), word("ORDER", 187, 216, 319.3f, 7)));

        List<List<Word>> out = SplitBaselines.rejoin(rows);

        assertThat(out).hasSize(2);
        assertThat(texts(out.get(0))).containsExactly("characterization", "unsupervised");
        assertThat(texts(out.get(1))).containsExactly("I.", "READING", "ORDER");
    }

    @Test
    void rejoin_superscriptOffItsRowsBaseline_staysInItsRow() {
        List<List<Word>> rows = List.of(
                List.of(
                        word("baseline", 49, 90, 301, 9),
                        word("1", 90.5f, 93, 297.5f, 6),
                        word("score", 96, 120, 301, 9)),
                List.of(word("ranking", 49, 80, 312, 9), word("context", 84, 110, 312, 9)));

        assertThat(SplitBaselines.rejoin(rows)).isEqualTo(rows);
    }
}
