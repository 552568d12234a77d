package io.github.raglens.studio;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
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

    @Test
    void eachTargetOfAMultiHopQuestion_showsThePassageHoldingItsOwnQuote() {
        Chunk first = chunk("a", "s1", "The valve opens at dawn every day of the year.");
        Chunk second = chunk("b", "s2", "The pump stops at dusk when the tank is full.");
        Map<String, Chunk> chunks = new LinkedHashMap<>();
        chunks.put("a", first);
        chunks.put("b", second);
        QuestionSample q = new QuestionSample(
                "q1",
                "When do the valve and the pump move?",
                "dawn and dusk",
                "The valve opens at dawn",
                "a",
                "doc",
                "s1",
                QuestionStatus.SUCCESS,
                "",
                false,
                "m",
                QuestionStyle.MULTI_HOP,
                "",
                "b",
                "The pump stops at dusk",
                OptionalDouble.empty());

        assertThat(QuestionPage.targetText("evidence:q1", q, chunks)).isEqualTo(first.text());
        assertThat(QuestionPage.targetText("evidence2:q1", q, chunks)).isEqualTo(second.text());
        assertThat(QuestionPage.targetText("section:s2", q, chunks)).isEqualTo(second.text());
        assertThat(QuestionPage.targetText("b", q, chunks)).isEqualTo(second.text());
    }

    private static Chunk chunk(String id, String section, String text) {
        return ChunkFixtures.sectionNamed(id, "doc", section, "doc > " + section, 0, text);
    }
}
