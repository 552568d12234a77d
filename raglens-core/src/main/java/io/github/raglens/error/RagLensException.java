package io.github.raglens.error;

import java.io.Serial;

/** Base of every runtime failure raglens reports. */
public class RagLensException extends RuntimeException {
    @Serial
    private static final long serialVersionUID = 1L;

    /** Creates an exception with a message for the user. */
    public RagLensException(String message) {
        super(message);
    }

    /** Creates an exception with a message for the user and its cause. */
    public RagLensException(String message, Throwable cause) {
        super(message, cause);
    }
}
