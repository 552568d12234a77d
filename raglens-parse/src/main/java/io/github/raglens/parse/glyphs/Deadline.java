package io.github.raglens.parse.glyphs;

import java.time.Duration;

/** A point in time after which a parse gives up; checked cooperatively inside PDFBox callbacks. */
public final class Deadline {

    private final long endNanos;

    private Deadline(long endNanos) {
        this.endNanos = endNanos;
    }

    public static Deadline after(Duration limit) {
        long now = System.nanoTime();
        long nanos = limit.toNanos();
        return new Deadline(Long.MAX_VALUE - now < nanos ? Long.MAX_VALUE : now + nanos);
    }

    void check(int page) {
        if (System.nanoTime() - endNanos > 0) {
            throw new TimeLimitExceeded(page);
        }
    }
}
