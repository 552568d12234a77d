package io.github.raglens.parse.ocr;

/** Which pages of a PDF OCR reads. */
public enum OcrMode {
    /** None: a PDF without a text layer is reported as having none. */
    OFF,
    /** Pages without a text layer, or whose images cover far more of the page than its text (the default). */
    SCANNED,
    /** Every page, its text layer ignored: for a PDF whose text layer is garbled. */
    ALL
}
