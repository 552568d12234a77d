package io.github.raglens.parse.headings;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class NumberingTest {

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "3.2.1 Training|3",
                "3 BERT|1",
                "1. Introduction|1",
                "A.1 Illustration of the Tasks|2",
                "B Detailed Experimental Setup|1",
                "A. PROOFS|1",
                "A STUDY OF STATISTICAL TESTING|0",
                "1) Table extraction|1",
                "IV. RESULTS|1",
                "Chapter 4 Results|1",
                "Appendix A|1",
                "Introduction|0",
                "2018. Attention models|0",
                "3.5 kg of flour|2"
            })
    void level_readsTheNumbering(String text, int level) {
        assertThat(Numbering.level(text)).isEqualTo(level);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "3.2.1 Training|3.2.1",
                "1. Introduction|1",
                "A.1 Illustration of the Tasks|A.1",
                "0.4 SFT GPT (prompted) GPT|0.4",
                "IV. RESULTS|''",
                "Chapter 4 Results|''",
                "Introduction|''"
            })
    void number_isTheDecimalOrAppendixNumberAHeadingStartsWith(String text, String number) {
        assertThat(Numbering.number(text)).isEqualTo(number);
    }
}
