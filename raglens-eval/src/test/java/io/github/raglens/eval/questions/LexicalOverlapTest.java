package io.github.raglens.eval.questions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LexicalOverlapTest {

    @Test
    void overlap_isTheShareOfTheQuestionsContentStemsFoundInTheText() {
        // content stems of the question: falcon, 9, first, stage, land (what, does, the: function words)
        String text = "The Falcon 9 first stage lands on a drone ship.";
        assertThat(LexicalOverlap.of("Where does the Falcon 9 first stage land?", text))
                .isEqualTo(1.0);
        assertThat(LexicalOverlap.of("Where does the reusable booster come down?", text))
                .isEqualTo(0.0);
        // falcon and landing (stem land) are in the text, booster is not
        assertThat(LexicalOverlap.of("falcon booster landing", text)).isEqualTo(2.0 / 3);
        assertThat(LexicalOverlap.of("What is it?", text)).isZero();
    }

    @Test
    void stems_joinPluralsAndVerbEndings_andLeaveShortWordsAndNumbers() {
        assertThat(LexicalOverlap.stem("methods")).isEqualTo("method");
        assertThat(LexicalOverlap.stem("studies")).isEqualTo("study");
        assertThat(LexicalOverlap.stem("trained")).isEqualTo(LexicalOverlap.stem("training"));
        assertThat(LexicalOverlap.stem("boxes")).isEqualTo("box");
        assertThat(LexicalOverlap.stem("class")).isEqualTo("class");
        assertThat(LexicalOverlap.stem("gas")).isEqualTo("gas");
        assertThat(LexicalOverlap.stem("1990s")).isEqualTo("1990s");
    }

    @Test
    void overlap_normalisesLigaturesAndCase_asEvidenceDoes() {
        assertThat(LexicalOverlap.of("Which ﬁlter?", "The FILTER is a median one."))
                .isEqualTo(1.0);
    }
}
