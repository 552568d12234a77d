package io.github.raglens.providers;

/** What went wrong with one HTTP attempt, as far as retrying is concerned. */
enum Failure {
    /** No connection could be made (refused, unknown host, no route). */
    UNREACHABLE(true),
    /** Connect, read or call timeout. */
    TIMEOUT(true),
    /** The connection broke (for instance mid-body). */
    BROKEN_CONNECTION(true),
    /** A 2xx reply whose body is not the documented JSON (cut, garbled, missing fields). */
    MALFORMED_REPLY(true),
    /** 408, 409, 5xx, Groq's 498: the server may do better next time. */
    SERVER(true),
    /** 429 because the rate is too high: wait and retry. */
    THROTTLED(true),
    /** 429 {@code insufficient_quota}: retrying cannot help until billing changes. */
    QUOTA(false),
    /** 413, or a 429 "Request too large": this request can never fit the limit. */
    TOO_LARGE(false),
    /** 401 or 403. */
    AUTHENTICATION(false),
    /** 404 for the model. */
    NOT_FOUND(false),
    /** 404 because the URL is wrong (Groq's {@code unknown_url}). */
    UNKNOWN_URL(false),
    /** Groq's 400 {@code json_validate_failed}: the model produced no valid JSON. */
    JSON_VALIDATE_FAILED(false),
    /** 400, 422 and other 4xx: the request is wrong. */
    INVALID_REQUEST(false);

    private final boolean retryable;

    Failure(boolean retryable) {
        this.retryable = retryable;
    }

    /** Whether this kind of failure is worth another attempt. */
    public boolean retryable() {
        return retryable;
    }
}
