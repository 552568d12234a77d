package io.github.raglens.providers;

import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.random.RandomGenerator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The retry decision after a failed attempt: retry after a wait, or give up with the failure.
 * Pure: everything it depends on is an argument, so each rule has a unit test.
 */
sealed interface RetryDecision {

    /**
     * Try again after {@code wait}.
     *
     * @param delay how long to wait
     * @param failure what failed
     * @param hinted whether the server asked for this wait
     */
    record Retry(Duration delay, Failure failure, boolean hinted) implements RetryDecision {}

    /**
     * Stop and report.
     *
     * @param failure what failed
     * @param hint the wait the server asked for, when it did
     * @param waitTooLong whether the call stops because the asked wait exceeds the cap
     */
    record GiveUp(Failure failure, Optional<Duration> hint, boolean waitTooLong) implements RetryDecision {}

    /** The failure an HTTP status and error body mean. */
    static Failure classify(int status, ErrorBody error) {
        Objects.requireNonNull(error, "error");
        String code = error.code().toLowerCase(Locale.ROOT);
        String type = error.type().toLowerCase(Locale.ROOT);
        return switch (status) {
            case 401, 403 -> Failure.AUTHENTICATION;
            case 404 -> code.equals("unknown_url") ? Failure.UNKNOWN_URL : Failure.NOT_FOUND;
            case 408, 409, 498 -> Failure.SERVER;
            case 413 -> Failure.TOO_LARGE;
            case 429 -> {
                if (code.equals("insufficient_quota") || type.equals("insufficient_quota")) {
                    yield Failure.QUOTA;
                }
                yield tooLarge(error.message()) ? Failure.TOO_LARGE : Failure.THROTTLED;
            }
            case 400 -> code.equals("json_validate_failed") ? Failure.JSON_VALIDATE_FAILED : Failure.INVALID_REQUEST;
            default -> status >= 500 ? Failure.SERVER : Failure.INVALID_REQUEST;
        };
    }

    /** A 429 whose request alone exceeds the limit ("Request too large", or Requested N > Limit M). */
    private static boolean tooLarge(String message) {
        String m = message.toLowerCase(Locale.ROOT);
        if (m.contains("request too large") || m.contains("must be reduced")) {
            return true;
        }
        Matcher limit = Pattern.compile("limit (\\d+)").matcher(m);
        Matcher requested = Pattern.compile("requested ~?(\\d+)").matcher(m);
        return limit.find() && requested.find() && Long.parseLong(requested.group(1)) > Long.parseLong(limit.group(1));
    }

    /**
     * Decides what to do after a failed attempt.
     *
     * @param failure what failed
     * @param shouldRetry the server's {@code x-should-retry} header, or null
     * @param hint the wait the server asked for, if any
     * @param retriesDone retries already made for this call
     * @param policy the retry policy
     * @param random jitter source
     * @return the decision
     */
    static RetryDecision decide(
            Failure failure,
            String shouldRetry,
            Optional<Duration> hint,
            int retriesDone,
            RetryPolicy policy,
            RandomGenerator random) {
        boolean retryable = failure.retryable();
        if ("false".equalsIgnoreCase(shouldRetry)) {
            retryable = false;
        } else if ("true".equalsIgnoreCase(shouldRetry) && failure == Failure.INVALID_REQUEST) {
            // the server says this one is transient; 401/403/404, quota and too-large are never retried
            retryable = true;
        }
        if (!retryable) {
            return new GiveUp(failure, hint, false);
        }
        if (hint.isPresent() && hint.get().compareTo(policy.maxWait()) > 0) {
            return new GiveUp(failure, hint, true);
        }
        if (retriesDone >= policy.maxRetries()) {
            return new GiveUp(failure, hint, false);
        }
        if (hint.isPresent()) {
            // a little jitter on top of the asked wait keeps workers from returning in lockstep
            long extra = (long) (hint.get().toNanos() * 0.1 * random.nextDouble());
            return new Retry(hint.get().plusNanos(extra), failure, true);
        }
        return new Retry(policy.backoff(retriesDone, random), failure, false);
    }
}
