package io.github.raglens.eval.judge;

import java.io.Serial;

/** A cell that cannot be scored: carried from deep inside a metric to its {@code Failed} result. */
public final class CellFailure extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final String reason;

    CellFailure(String reason, String detail) {
        super(detail, null, false, false);
        this.reason = reason;
    }

    public String reason() {
        return reason;
    }
}
