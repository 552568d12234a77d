package io.github.raglens.providers;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class RetryHintsTest {

    static final Instant NOW = Instant.parse("2026-12-02T13:00:00Z");

    static Optional<Duration> hint(String message, String... headers) {
        Map<String, String> h = new TreeMap<>(String.CASE_INSENSITIVE_ORDER);
        for (int i = 0; i < headers.length; i += 2) {
            h.put(headers[i], headers[i + 1]);
        }
        return RetryHints.parse(h::get, message, NOW);
    }

    @Test
    void retryAfterMs_winsOverEverything() {
        assertThat(hint(null, "retry-after-ms", "1500", "retry-after", "9", "x-ratelimit-reset-tokens", "1m"))
                .hasValue(Duration.ofMillis(1500));
    }

    @Test
    void retryAfterMs_fractional() {
        assertThat(hint(null, "retry-after-ms", "12.5")).hasValue(Duration.ofNanos(12_500_000));
    }

    @Test
    void retryAfter_integerSeconds() {
        assertThat(hint(null, "Retry-After", "2")).hasValue(Duration.ofSeconds(2));
    }

    @Test
    void retryAfter_fractionalSeconds() {
        assertThat(hint(null, "retry-after", "0.75")).hasValue(Duration.ofMillis(750));
    }

    @Test
    void retryAfter_httpDate() {
        assertThat(hint(null, "retry-after", "Wed, 02 Dec 2026 13:00:30 GMT")).hasValue(Duration.ofSeconds(30));
    }

    @Test
    void retryAfter_httpDateInThePast_isNoHint() {
        assertThat(hint(null, "retry-after", "Wed, 02 Dec 2026 12:59:00 GMT")).isEmpty();
    }

    @Test
    void retryAfter_zeroNegativeOrGarbage_isNoHint() {
        assertThat(hint(null, "retry-after", "0")).isEmpty();
        assertThat(hint(null, "retry-after", "-1")).isEmpty();
        assertThat(hint(null, "retry-after", "soon")).isEmpty();
        assertThat(hint(null, "retry-after-ms", "NaN")).isEmpty();
    }

    @Test
    void resetHeaders_takeTheExhaustedLimit() {
        assertThat(hint(
                        null,
                        "x-ratelimit-remaining-requests",
                        "0",
                        "x-ratelimit-reset-requests",
                        "1s",
                        "x-ratelimit-remaining-tokens",
                        "149984",
                        "x-ratelimit-reset-tokens",
                        "6m0s"))
                .hasValue(Duration.ofSeconds(1));
    }

    @Test
    void resetHeaders_withoutRemaining_takeTheShorter() {
        assertThat(hint(null, "x-ratelimit-reset-requests", "2m59.56s", "x-ratelimit-reset-tokens", "7.66s"))
                .hasValue(Duration.ofMillis(7660));
    }

    @Test
    void message_tryAgainIn_isTheLastResort() {
        assertThat(hint("Please try again in 9m38.016s. Need more tokens?")).hasValue(Duration.ofMillis(578_016));
        assertThat(hint("Please try again in 26.604s. Visit")).hasValue(Duration.ofMillis(26_604));
        assertThat(hint("no hint here")).isEmpty();
    }

    @Test
    void goDuration_parsesEveryUnit_andRejectsJunk() {
        assertThat(RetryHints.goDuration("12ms")).hasValue(Duration.ofMillis(12));
        assertThat(RetryHints.goDuration("1h2m3s")).hasValue(Duration.ofSeconds(3723));
        assertThat(RetryHints.goDuration("6m0s")).hasValue(Duration.ofMinutes(6));
        assertThat(RetryHints.goDuration("1.5s")).hasValue(Duration.ofMillis(1500));
        assertThat(RetryHints.goDuration("-1")).isEmpty();
        assertThat(RetryHints.goDuration("0s")).isEmpty();
        assertThat(RetryHints.goDuration("1s junk")).isEmpty();
        assertThat(RetryHints.goDuration("")).isEmpty();
    }
}
