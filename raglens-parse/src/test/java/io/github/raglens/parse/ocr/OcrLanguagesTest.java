package io.github.raglens.parse.ocr;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class OcrLanguagesTest {

    @Test
    void parse_joinedCodes_keepsTheirOrder() {
        assertThat(OcrLanguages.parse("eng+deu+chi_sim").codes()).containsExactly("eng", "deu", "chi_sim");
        assertThat(OcrLanguages.parse("eng+deu").joined()).isEqualTo("eng+deu");
    }

    @Test
    void parse_notATesseractCode_namesItAndTheForm() {
        assertThatThrownBy(() -> OcrLanguages.parse("eng,de"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("OCR language 'eng,de' in 'eng,de' is not a Tesseract language code; use codes such as"
                        + " eng, deu or chi_sim joined with '+' (eng+deu)");
        assertThatThrownBy(() -> OcrLanguages.parse("eng+"))
                .hasMessageStartingWith("OCR language '' in 'eng+' is not a Tesseract language code");
    }
}
