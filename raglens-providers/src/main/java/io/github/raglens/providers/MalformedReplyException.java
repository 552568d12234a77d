package io.github.raglens.providers;

import java.io.Serial;

/** A 2xx reply whose body is not the documented JSON; the attempt is retried. */
final class MalformedReplyException extends Exception {
    @Serial
    private static final long serialVersionUID = 1L;

    /** Creates an exception with what is wrong. */
    public MalformedReplyException(String message) {
        super(message);
    }
}
