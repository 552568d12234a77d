package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class QuestionPageTest {

    @Test
    void highlight_marksTheEvidenceAsRelevanceFindsIt_throughLigaturesAndOtherSpaces() {
        String text = "The \uFB01nal\u00A0flow <b>is</b> fixed by the valve.";

        assertThat(QuestionPage.highlight(text, "final flow <b>is</b>"))
                .isEqualTo("The <mark>\uFB01nal\u00A0flow &lt;b&gt;is&lt;/b&gt;</mark> fixed by the valve.");
    }

    @Test
    void highlight_keepsCase_asEvidenceRelevanceDoes() {
        assertThat(QuestionPage.highlight("The Valve and the valve", "the valve"))
                .isEqualTo("The Valve and <mark>the valve</mark>");
        assertThat(QuestionPage.highlight("a < b", " ")).isEqualTo("a &lt; b");
    }
}
