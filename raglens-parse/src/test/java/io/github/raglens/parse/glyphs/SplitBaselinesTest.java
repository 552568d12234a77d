package io.github.raglens.parse.glyphs;

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
    void rejoin_smallCapitalsHeadingBesideALineOfTheOtherColumnSetOffItsBaseline_isOneLineAgain() {
        // "II. S" went with the right column's line, whose baseline is 1.2 points above the heading's, and
        // "TATISTICAL TESTING" with the right column's next line: the heading's words share no row's
        // baseline, only each other's
        List<List<Word>> rows = List.of(
                List.of(
                        word("II.", 119.7f, 129.8f, 526.5f, 10),
                        word("S", 135.3f, 140.8f, 526.5f, 10),
                        word("sion", 312, 328.6f, 525.3f, 10),
                        word("judge", 333.8f, 355.9f, 525.3f, 10),
                        word("tokenization", 396.2f, 445.3f, 525.3f, 10)),
                List.of(
                        word("TATISTICAL", 141.3f, 190.2f, 526.5f, 8),
                        word("TESTING", 193.1f, 229.3f, 526.5f, 8),
                        word("automatically", 312, 366.2f, 537.3f, 10),
                        word("measurement", 371.8f, 424.9f, 537.3f, 10)));

        List<List<Word>> out = SplitBaselines.rejoin(rows);

        assertThat(texts(out.get(0))).containsExactly("II.", "STATISTICAL", "TESTING", "sion", "judge", "tokenization");
        assertThat(texts(out.get(1))).containsExactly("automatically", "measurement");
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
