package io.github.raglens.eval.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import org.junit.jupiter.api.Test;

class EvidenceTest {

    @Test
    void ligature_matchesTheNfkcTextThePdfParserStores() {
        String parsed = Normalizer.normalize("The ﬁnal ﬂow rate is ﬁxed by the valve.", Normalizer.Form.NFKC);

        assertThat(parsed).isEqualTo("The final flow rate is fixed by the valve.");
        assertThat(Evidence.occursIn("The ﬁnal ﬂow rate is ﬁxed", parsed)).isTrue();
    }

    @Test
    void everyUnicodeSpace_isOneSpace() {
        String text = "rated at 33 kilovolts for the export cable";

        for (String space : new String[] {
            "\u00A0", "\u2007", "\u202F", "\u2009", "\u3000", "\u2028", "\u2029", "\t", "\n", " \u00A0 "
        }) {
            assertThat(Evidence.occursIn("rated at 33" + space + "kilovolts", text))
                    .as(
                            "%s",
                            space.chars()
                                    .mapToObj(c -> String.format("U+%04X", c))
                                    .toList())
                    .isTrue();
        }
    }

    @Test
    void typographicQuotesAndDashes_matchTheirPlainForms() {
        String parsed = "the so-called \u201Cslack\u201D tide \u2013 when the rotor\u2019s blades stop \u2014 lasts"
                + " \u221210 minutes";

        assertThat(Evidence.normalize(parsed))
                .isEqualTo("the so-called \"slack\" tide - when the rotor's blades stop - lasts -10 minutes");
        assertThat(Evidence.occursIn("the so\u2010called \"slack\" tide - when the rotor's blades", parsed))
                .isTrue();
        assertThat(Evidence.occursIn("\u00ABslack\u00BB tide", parsed)).isTrue();
    }

    @Test
    void invisibleFormatCharacters_areDropped() {
        assertThat(Evidence.normalize("hy\u00ADphen\u200Bated\u2060 word\uFEFF"))
                .isEqualTo("hyphenated word");
        assertThat(Evidence.occursIn("\u200Ehyphenated word", "a hyphenated word here"))
                .isTrue();
    }

    @Test
    void caseIsKept_andAnEmptyQuoteOccursNowhere() {
        assertThat(Evidence.occursIn("The Kestrel", "the kestrel rotor")).isFalse();
        assertThat(Evidence.occursIn("", "anything")).isFalse();
        assertThat(Evidence.occursIn(" \u00A0\u200B ", "anything")).isFalse();
        assertThat(Evidence.normalize("  \u00A0 spaced \t out \u3000")).isEqualTo("spaced out");
    }

    @Test
    void words_countPiecesWithALetterOrDigit_andEachIdeographOrKana() {
        assertThat(Evidence.words("Sea water is about 830 times denser than air"))
                .isEqualTo(9);
        assertThat(Evidence.words("| Whole wheat | 85% | 25% | 2.2% | 4 hours |"))
                .isEqualTo(7);
        assertThat(Evidence.words("132.00")).isEqualTo(1);
        assertThat(Evidence.words("RT-017")).isEqualTo(1);
        assertThat(Evidence.words("the\u00A0bacteria\u2009produce")).isEqualTo(3);
        assertThat(Evidence.words(" — ")).isZero();
        assertThat(Evidence.words("")).isZero();
        assertThat(Evidence.words("潮汐発電の効率")).isEqualTo(7);
    }
}
