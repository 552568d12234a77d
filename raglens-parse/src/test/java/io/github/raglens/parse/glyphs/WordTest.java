package io.github.raglens.parse.glyphs;

import static org.assertj.core.api.Assertions.assertThat;

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
    void leaders_areWordsOfDotsOnly() {
        assertThat(word("..........").leader()).isTrue();
        assertThat(word("\u00b7\u00b7\u00b7\u00b7").leader()).isTrue();
        assertThat(word("Defence").leader()).isFalse();
        assertThat(word("3.1").leader()).isFalse();
        assertThat(word("etc.").leader()).isFalse();
    }
}
