package io.github.raglens.cli;

import picocli.CommandLine.Option;

/** {@code --ocr-lang}, shared by ingest and parse: the languages OCR reads scanned pages and images in. */
final class OcrLanguageOption {

    @Option(
            names = "--ocr-lang",
            paramLabel = "LANGS",
            defaultValue = "eng",
            description = "The languages OCR reads scanned pages and images in, Tesseract's codes joined with +"
                    + " (default: ${DEFAULT-VALUE}; for example eng+deu, each needing its data: apt-get install"
                    + " tesseract-ocr-deu).")
    String languages;
}
