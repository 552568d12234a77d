package io.github.raglens.parse.ocr;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The languages OCR reads, as Tesseract names them and joins them: {@code eng}, {@code eng+deu},
 * {@code chi_sim}. Several languages are tried together on each page.
 *
 * @param codes the language codes, at least one
 */
public record OcrLanguages(List<String> codes) {

    /** English, the default. */
    public static final OcrLanguages ENGLISH = new OcrLanguages(List.of("eng"));

    private static final Pattern CODE = Pattern.compile("[a-z]{3}(_[a-z]+)*");

    /** Copies the codes. */
    public OcrLanguages {
        codes = List.copyOf(codes);
        if (codes.isEmpty()) {
            throw new IllegalArgumentException("OCR needs at least one language");
        }
    }

    /**
     * The languages of a {@code +}-joined list such as {@code eng+deu}.
     *
     * @throws IllegalArgumentException when a code is not one of Tesseract's (three lower-case
     *     letters, with a suffix such as {@code _sim})
     */
    public static OcrLanguages parse(String joined) {
        Objects.requireNonNull(joined, "joined");
        List<String> codes = List.of(joined.strip().split("\\+", -1));
        for (String code : codes) {
            if (!CODE.matcher(code).matches()) {
                throw new IllegalArgumentException("OCR language '" + code + "' in '" + joined
                        + "' is not a Tesseract language code; use codes such as eng, deu or chi_sim joined"
                        + " with '+' (eng+deu)");
            }
        }
        return new OcrLanguages(codes);
    }

    /** The codes joined with {@code +}, as Tesseract takes them. */
    public String joined() {
        return String.join("+", codes);
    }

    @Override
    public String toString() {
        return joined();
    }
}
