package io.github.raglens.eval.evidence;

import static org.assertj.core.api.Assertions.assertThat;

import java.text.Normalizer;
import java.util.List;
import java.util.Random;
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

    @Test
    void aFormatCharacterBetweenALetterAndItsMark_doesNotKeepThemApart() {
        assertThat(Evidence.normalize("cafe\u200B\u0301 au lait")).isEqualTo("caf\u00E9 au lait");
        assertThat(Evidence.occursIn("caf\u00E9 au", "cafe\u200B\u0301 au lait"))
                .isTrue();
    }

    /** Letters, marks, spaces, invisible characters, ligatures, jamo and the rest NFKC treats apart. */
    private static final int[] TRICKY = {
        'a', 'e', 'f', 'i', 'K', '1', ' ', ' ', '\t', '\n', '-', '"', '\'', 0x00A0, 0x2009, 0x3000, 0x2028, 0x0301,
        0x0327, 0x0308, 0x0345, 0x20DD, 0x200B, 0x00AD, 0x2060, 0xFEFF, 0x200E, 0xFB01, 0xFB02, 0x2460, 0xFF46, 0x00E9,
        0x212B, 0x1100, 0x1161, 0x11A8, 0xAC00, 0xD7B0, 0x0CBF, 0x0CD5, 0x0B47, 0x0B3E, 0x2018, 0x201C, 0x2013, 0x2212,
        0x00BD, 0x1F600, 0x6F6E, 0x30AB, 0x3099
    };

    private static String tricky(Random random, int length) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < length; i++) {
            s.appendCodePoint(TRICKY[random.nextInt(TRICKY.length)]);
        }
        return s.toString();
    }

    @Test
    void normalForm_isIdempotent_onTextOfTrickyCharacters() {
        long seed = Long.getLong("raglens.seed", 3_610L);
        Random random = new Random(seed);
        for (int run = 0; run < 20_000; run++) {
            String text = tricky(random, random.nextInt(12));
            String once = Evidence.normalize(text);
            assertThat(Evidence.normalize(once))
                    .as("seed %d, text %s", seed, codePoints(text))
                    .isEqualTo(once);
        }
    }

    @Test
    void find_marksExactlyWhereTheQuoteOccurs_onTextOfTrickyCharacters() {
        long seed = Long.getLong("raglens.seed", 3_611L);
        Random random = new Random(seed);
        for (int run = 0; run < 20_000; run++) {
            String text = tricky(random, 1 + random.nextInt(16));
            String normal = Evidence.normalize(text);
            String quote;
            if (random.nextBoolean() && !normal.isEmpty()) {
                int from = random.nextInt(normal.length());
                quote = normal.substring(from, from + 1 + random.nextInt(normal.length() - from));
            } else {
                quote = tricky(random, 1 + random.nextInt(3));
            }
            String as = "seed " + seed + ", text " + codePoints(text) + ", quote " + codePoints(quote);
            List<Evidence.Span> spans = Evidence.find(quote, text);
            assertThat(spans.isEmpty()).as(as).isEqualTo(!Evidence.occursIn(quote, text));
            int after = 0;
            for (Evidence.Span span : spans) {
                assertThat(span.start()).as(as).isGreaterThanOrEqualTo(after);
                assertThat(Evidence.occursIn(quote, text.substring(span.start(), span.end())))
                        .as(as + ", span " + span)
                        .isTrue();
                after = span.end();
            }
        }
    }

    @Test
    void find_givesTheStretchesOfTheTextAsWritten() {
        String text = "The \uFB01nal\u00A0flow is \u201Cfixed\u201D; the final flow";

        assertThat(Evidence.find("final flow", text))
                .containsExactly(new Evidence.Span(4, 13), new Evidence.Span(30, 40));
        assertThat(Evidence.find("inal flow", text))
                .as("a quote starting inside a ligature marks the whole ligature")
                .containsExactly(new Evidence.Span(4, 13), new Evidence.Span(31, 40));
        assertThat(Evidence.find("\"fixed\"", text)).containsExactly(new Evidence.Span(17, 24));
        assertThat(Evidence.find("Final", text)).isEmpty();
        assertThat(Evidence.find(" \u200B", text)).isEmpty();
    }

    private static List<String> codePoints(String s) {
        return s.codePoints().mapToObj(c -> String.format("U+%04X", c)).toList();
    }
}
