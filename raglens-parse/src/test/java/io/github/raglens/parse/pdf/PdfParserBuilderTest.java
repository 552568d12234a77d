package io.github.raglens.parse.pdf;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class PdfParserBuilderTest {

    @Test
    void anOptionSetTwice_isRefused_namingItsFirstValue() {
        assertThatThrownBy(() ->
                        PdfParser.builder().timeLimit(Duration.ofSeconds(30)).timeLimit(Duration.ofSeconds(60)))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("timeLimit was already set to PT30S; set it once");
        assertThatThrownBy(() ->
                        PdfParser.builder().tables(false).useOutline(false).tables(true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("tables was already set to false; set it once");
    }

    @Test
    void aVariant_mayChangeEachOptionOnce() {
        PdfParser parser = PdfParser.builder().tables(false).build();
        parser.toBuilder().tables(true).build();
        assertThatThrownBy(() -> parser.toBuilder().tables(true).tables(false))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("tables was already set to true; set it once");
    }
}
