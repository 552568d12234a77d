package io.github.raglens.providers;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads how long a server asks a client to wait, from (in this order) {@code retry-after-ms},
 * {@code retry-after} (seconds, possibly fractional, or an HTTP date), the {@code
 * x-ratelimit-reset-requests}/{@code x-ratelimit-reset-tokens} headers (Go durations such as
 * {@code 6m0s}, {@code 12ms}) and, last, a "try again in 50.6s" sentence in the error message.
 */
final class RetryHints {

    private static final Pattern GO_PART = Pattern.compile("(\\d+(?:\\.\\d+)?)(ms|us|µs|ns|h|m|s)");
    private static final Pattern TRY_AGAIN =
            Pattern.compile("try again in ((?:\\d+(?:\\.\\d+)?(?:ms|h|m|s))+)", Pattern.CASE_INSENSITIVE);

    private RetryHints() {}

    /**
     * The wait a response asks for.
     *
     * @param header reads a response header by (case-insensitive) name, null when absent
     * @param errorMessage the provider's error message, may be null
     * @param now the current time, for HTTP dates
     * @return the wait, empty when the response gives no usable hint
     */
    public static Optional<Duration> parse(Function<String, String> header, String errorMessage, Instant now) {
        Optional<Duration> d = millis(header.apply("retry-after-ms"));
        if (d.isPresent()) {
            return d;
        }
        d = retryAfter(header.apply("retry-after"), now);
        if (d.isPresent()) {
            return d;
        }
        d = resetHeaders(header);
        if (d.isPresent()) {
            return d;
        }
        return tryAgainIn(errorMessage);
    }

    static Optional<Duration> millis(String value) {
        if (value == null) {
            return Optional.empty();
        }
        try {
            double ms = Double.parseDouble(value.strip());
            return ms > 0 && Double.isFinite(ms) ? Optional.of(Duration.ofNanos((long) (ms * 1e6))) : Optional.empty();
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
    }

    static Optional<Duration> retryAfter(String value, Instant now) {
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        String v = value.strip();
        try {
            double seconds = Double.parseDouble(v);
            return seconds > 0 && Double.isFinite(seconds)
                    ? Optional.of(Duration.ofNanos((long) (seconds * 1e9)))
                    : Optional.empty();
        } catch (NumberFormatException notSeconds) {
            try {
                Instant at = ZonedDateTime.parse(v, DateTimeFormatter.RFC_1123_DATE_TIME)
                        .toInstant();
                Duration wait = Duration.between(now, at);
                return wait.isNegative() || wait.isZero() ? Optional.empty() : Optional.of(wait);
            } catch (DateTimeParseException notDate) {
                return Optional.empty();
            }
        }
    }

    /**
     * The reset time of the exhausted limit ({@code x-ratelimit-remaining-*} is 0); when none is
     * known to be exhausted, the shorter of the reset times given.
     */
    static Optional<Duration> resetHeaders(Function<String, String> header) {
        List<Duration> exhausted = new ArrayList<>();
        List<Duration> all = new ArrayList<>();
        for (String kind : List.of("requests", "tokens")) {
            Optional<Duration> reset = goDuration(header.apply("x-ratelimit-reset-" + kind));
            if (reset.isEmpty()) {
                continue;
            }
            all.add(reset.get());
            String remaining = header.apply("x-ratelimit-remaining-" + kind);
            if (remaining != null && remaining.strip().equals("0")) {
                exhausted.add(reset.get());
            }
        }
        if (!exhausted.isEmpty()) {
            return exhausted.stream().max(Duration::compareTo);
        }
        return all.stream().min(Duration::compareTo);
    }

    static Optional<Duration> tryAgainIn(String message) {
        if (message == null) {
            return Optional.empty();
        }
        Matcher m = TRY_AGAIN.matcher(message);
        return m.find() ? goDuration(m.group(1)) : Optional.empty();
    }

    /**
     * Parses a Go duration such as {@code 1s}, {@code 6m0s}, {@code 2m59.56s}, {@code 12ms}.
     *
     * @return the duration, empty when the text is not one or is not positive
     */
    public static Optional<Duration> goDuration(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String v = value.strip().toLowerCase(Locale.ROOT);
        if (v.isEmpty()) {
            return Optional.empty();
        }
        Matcher m = GO_PART.matcher(v);
        int end = 0;
        double nanos = 0;
        while (m.find()) {
            if (m.start() != end) {
                return Optional.empty();
            }
            end = m.end();
            double n = Double.parseDouble(m.group(1));
            nanos += n
                    * switch (m.group(2)) {
                        case "h" -> 3600e9;
                        case "m" -> 60e9;
                        case "s" -> 1e9;
                        case "ms" -> 1e6;
                        case "us", "µs" -> 1e3;
                        default -> 1;
                    };
        }
        if (end != v.length() || nanos <= 0) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofNanos((long) nanos));
    }
}
