package io.github.raglens.benchmarks;

import io.github.raglens.parse.ocr.OcrLanguages;
import java.lang.Character.UnicodeScript;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The OCR languages a user would pass for a document, derived from the script of its text layer: each
 * script holding at least {@value #MIN_SHARE} of the letters gives its Tesseract language, the most
 * used first ({@code kor+eng} for a Korean report quoting English names). Latin is read as English
 * ({@code eng}), the language of every Latin-script file in the shared sets; Arabic script is read as
 * Persian ({@code fas}) when Persian's own letters (پ چ ژ گ ک ی) make at least {@value #PERSIAN_SHARE}
 * of it, else as Arabic ({@code ara}). Derived rather than tabled per file so that a PDF added to a set
 * is read with its languages without editing the benchmark.
 */
final class TextLanguages {

    static final double MIN_SHARE = 0.02;
    static final double PERSIAN_SHARE = 0.01;
    private static final String PERSIAN_LETTERS = "پچژگکی";
    private static final Map<UnicodeScript, String> LANGUAGE = Map.of(
            UnicodeScript.LATIN, "eng",
            UnicodeScript.HANGUL, "kor",
            UnicodeScript.HAN, "chi_sim",
            UnicodeScript.CYRILLIC, "rus",
            UnicodeScript.GREEK, "ell",
            UnicodeScript.HEBREW, "heb",
            UnicodeScript.DEVANAGARI, "hin",
            UnicodeScript.THAI, "tha");

    private TextLanguages() {}

    /** The script most of the text's letters are in; Latin for a text without letters. */
    static UnicodeScript mainScript(String text) {
        return letters(text).entrySet().stream()
                .max(Map.Entry.comparingByValue())
                .map(Map.Entry::getKey)
                .orElse(UnicodeScript.LATIN);
    }

    /** The languages to read the text's pages with; English for a text without letters. */
    static OcrLanguages of(String text) {
        Map<UnicodeScript, Integer> letters = letters(text);
        int total = letters.values().stream().mapToInt(Integer::intValue).sum();
        List<String> codes = new ArrayList<>();
        letters.entrySet().stream()
                .filter(e -> e.getValue() >= MIN_SHARE * total)
                .sorted(Map.Entry.<UnicodeScript, Integer>comparingByValue().reversed())
                .forEach(e -> {
                    String code = e.getKey() == UnicodeScript.ARABIC
                            ? arabicScript(text, e.getValue())
                            : LANGUAGE.get(e.getKey());
                    if (code != null) {
                        codes.add(code);
                    }
                });
        return codes.isEmpty() ? OcrLanguages.ENGLISH : new OcrLanguages(codes);
    }

    private static String arabicScript(String text, int arabicLetters) {
        long persian =
                text.codePoints().filter(c -> PERSIAN_LETTERS.indexOf(c) >= 0).count();
        return persian >= PERSIAN_SHARE * arabicLetters ? "fas" : "ara";
    }

    private static Map<UnicodeScript, Integer> letters(String text) {
        Map<UnicodeScript, Integer> out = new EnumMap<>(UnicodeScript.class);
        text.codePoints().filter(Character::isLetter).forEach(c -> out.merge(UnicodeScript.of(c), 1, Integer::sum));
        return out;
    }
}
