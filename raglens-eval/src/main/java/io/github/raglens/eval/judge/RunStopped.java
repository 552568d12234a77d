package io.github.raglens.eval.judge;

import java.io.Serial;

/**
 * Thrown to a cell when the run stops before the cell's next call is sent: the budget is spent or a
 * fatal provider error (bad key, unknown model) ended the run. The cell is left unscored, not failed.
 */
public final class RunStopped extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    RunStopped(String message) {
        super(message, null, false, false);
    }
}
