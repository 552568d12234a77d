package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** What a word on a page is taken for: a figure, a dot leader or a word of the text. */
class WordTest {

    private static Word word(String text) {
        return new Word(text, 0, 10, 0, 10, 10, false, false, false, 0);
    }

    @Test
    void figures_withTheSignsAndMarksStatisticalTablesPrint() {
        // hyphen, the minus sign U+2212 and an en dash all stand for a negative figure
        assertThat(java.util.List.of(
                        "12", "-3.5", "\u22123.5", "\u20133.5", "(1,204)", "$71.15", "12.4%", "7*", "+0.2"))
                .allMatch(Word::figure);
        assertThat(java.util.List.of("\u2013", "n.a.", "Table", "x2", "....", "%"))
                .noneMatch(Word::figure);
    }

    @Test
    void figure_readCharacterByCharacter_agreesWithItsPattern_onRandomTexts() {
        Pattern pattern = Pattern.compile("[-\u2212\u2013+\u00b1(]?[$\u20ac\u00a3]?\\d[\\d.,]*%?\\)?[*\u2020\u2021]*");
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        String alphabet = "-\u2212\u2013+\u00b1($\u20ac\u00a30123456789.,%)*\u2020\u2021ax \u0663";
        for (int i = 0; i < 200_000; i++) {
            StringBuilder b = new StringBuilder();
            for (int k = random.nextInt(7); k > 0; k--) {
                b.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = b.toString();
            assertThat(Word.figure(text))
                    .as("figure(\"%s\"), seed %d (-Draglens.seed=%d replays it)", text, seed, seed)
                    .isEqualTo(pattern.matcher(text).matches());
        }
    }

    @Test
    void leaders_areWordsOfDotsOnly() {
        assertThat(word("..........").leader()).isTrue();
        assertThat(word("\u00b7\u00b7\u00b7\u00b7").leader()).isTrue();
        assertThat(word("Defence").leader()).isFalse();
        assertThat(word("3.1").leader()).isFalse();
        assertThat(word("etc.").leader()).isFalse();
        assertThat(word("").leader()).isFalse();
    }
}
