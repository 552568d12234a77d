package io.github.raglens.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OneLineTest {

    @Test
    void lineBreaksAndControlCharacters_areShownAsEscapes() {
        assertThat(OneLine.of("a\nb\r\tc\u0000d\u2028e")).isEqualTo("a\\nb\\r\\tc\\u0000d\\u2028e");
    }

    @Test
    void longText_isCutShortWithAnEllipsis_shortTextIsLeftWhole() {
        assertThat(OneLine.of("x".repeat(500))).isEqualTo("x".repeat(OneLine.MAX) + "…");
        assertThat(OneLine.of("x".repeat(OneLine.MAX))).isEqualTo("x".repeat(OneLine.MAX));
    }

    @Test
    void quote_putsTheTextInSingleQuotes() {
        assertThat(OneLine.quote("a\nb")).isEqualTo("'a\\nb'");
    }
}
