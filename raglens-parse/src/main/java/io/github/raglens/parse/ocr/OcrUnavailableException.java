package io.github.raglens.parse.ocr;

import java.io.Serial;

/** OCR cannot run here: its language data is missing, or its native library does not load; the message says how to fix it. */
public final class OcrUnavailableException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    OcrUnavailableException(String message) {
        super(message);
    }
}
