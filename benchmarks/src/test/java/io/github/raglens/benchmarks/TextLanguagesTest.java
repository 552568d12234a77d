package io.github.raglens.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.Character.UnicodeScript;
import org.junit.jupiter.api.Test;

class TextLanguagesTest {

    @Test
    void anEnglishText_isReadAsEnglish() {
        assertThat(TextLanguages.of("Dense retrieval with BM25 baselines").joined())
                .isEqualTo("eng");
    }

    @Test
    void aKoreanTextQuotingEnglish_isReadAsKoreanThenEnglish() {
        String text = "검색 증강 생성은 대규모 언어 모델의 답변을 개선합니다 RAG model";
        assertThat(TextLanguages.of(text).joined()).isEqualTo("kor+eng");
        assertThat(TextLanguages.mainScript(text)).isEqualTo(UnicodeScript.HANGUL);
    }

    @Test
    void arabicScript_isPersianOnlyWithPersiansOwnLetters() {
        assertThat(TextLanguages.of("تحسين الإنتاجية وحل المشكلات من خلال البرمجة")
                        .joined())
                .isEqualTo("ara");
        assertThat(TextLanguages.of("شرکت بورس کالای ایران پذیرش در بازار").joined())
                .isEqualTo("fas");
    }

    @Test
    void aFewForeignLetters_doNotAddALanguage() {
        assertThat(TextLanguages.of("The Greek letter α weights the loss of every training example here")
                        .joined())
                .isEqualTo("eng");
    }

    @Test
    void aTextWithoutLetters_isReadAsEnglish() {
        assertThat(TextLanguages.of("12 34 %").joined()).isEqualTo("eng");
    }
}
