package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class QuestionPageTest {

    @Test
    void highlight_marksTheEvidenceAsRelevanceFindsIt_throughLigaturesAndOtherSpaces() {
        String text = "The \uFB01nal\u00A0flow <b>is</b> fixed by the valve.";

        assertThat(QuestionPage.highlight(text, List.of("final flow <b>is</b>")))
                .isEqualTo("The <mark>\uFB01nal\u00A0flow &lt;b&gt;is&lt;/b&gt;</mark> fixed by the valve.");
    }

    @Test
    void highlight_keepsCase_asEvidenceRelevanceDoes() {
        assertThat(QuestionPage.highlight("The Valve and the valve", List.of("the valve")))
                .isEqualTo("The Valve and <mark>the valve</mark>");
        assertThat(QuestionPage.highlight("a < b", List.of(" "))).isEqualTo("a &lt; b");
    }

    @Test
    void highlight_marksEveryQuoteOfAMultiHopQuestion() {
        assertThat(QuestionPage.highlight(
                        "The valve opens at dawn. The pump stops at dusk.",
                        List.of("The pump stops at dusk.", "The valve opens at dawn.")))
                .isEqualTo("<mark>The valve opens at dawn.</mark> <mark>The pump stops at dusk.</mark>");
    }
}
