package io.github.raglens.parse.glyphs;

import java.io.Serial;

/** Thrown from inside PDFBox callbacks when a file's parse runs past its time limit. */
public final class TimeLimitExceeded extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final int page;

    TimeLimitExceeded(int page) {
        super("time limit exceeded on page " + page, null, false, false);
        this.page = page;
    }

    public int page() {
        return page;
    }
}
