package io.github.raglens.providers;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RetryDecisionTest {

    static final RetryPolicy POLICY =
            new RetryPolicy(3, Duration.ofMillis(500), Duration.ofSeconds(8), Duration.ofMinutes(2));
    static final ErrorBody NONE = new ErrorBody("", "", "", "");

    static RetryDecision decide(Failure f, Optional<Duration> hint, int retriesDone) {
        return RetryDecision.decide(f, null, hint, retriesDone, POLICY, new SplittableRandom(1));
    }

    @ParameterizedTest(name = "HTTP {0} -> {1}")
    @CsvSource({
        "400, INVALID_REQUEST",
        "401, AUTHENTICATION",
        "403, AUTHENTICATION",
        "404, NOT_FOUND",
        "408, SERVER",
        "409, SERVER",
        "413, TOO_LARGE",
        "422, INVALID_REQUEST",
        "429, THROTTLED",
        "498, SERVER",
        "500, SERVER",
        "502, SERVER",
        "503, SERVER",
        "504, SERVER"
    })
    void classify_status(int status, Failure expected) {
        assertThat(RetryDecision.classify(status, NONE)).isEqualTo(expected);
    }

    @Test
    void classify_429Quota_isPermanent() {
        assertThat(RetryDecision.classify(
                        429,
                        new ErrorBody(
                                "You exceeded your current quota", "insufficient_quota", "insufficient_quota", "")))
                .isEqualTo(Failure.QUOTA);
        assertThat(RetryDecision.classify(429, new ErrorBody("quota", "insufficient_quota", "", "")))
                .isEqualTo(Failure.QUOTA);
    }

    @Test
    void classify_429TooLarge_isPermanent() {
        assertThat(RetryDecision.classify(
                        429, new ErrorBody("Request too large for gpt-4o …", "tokens", "rate_limit_exceeded", "")))
                .isEqualTo(Failure.TOO_LARGE);
        assertThat(RetryDecision.classify(
                        429,
                        new ErrorBody(
                                "on tokens per minute (TPM): Limit 7000, Used 0, Requested ~12903.",
                                "tokens",
                                "rate_limit_exceeded",
                                "")))
                .isEqualTo(Failure.TOO_LARGE);
        assertThat(RetryDecision.classify(
                        429,
                        new ErrorBody(
                                "TPM: Limit 10000, Used 9348, Requested 5086.", "tokens", "rate_limit_exceeded", "")))
                .isEqualTo(Failure.THROTTLED);
    }

    @Test
    void classify_groqSpecialCodes() {
        assertThat(RetryDecision.classify(
                        400,
                        new ErrorBody("Failed to generate JSON", "invalid_request_error", "json_validate_failed", "{")))
                .isEqualTo(Failure.JSON_VALIDATE_FAILED);
        assertThat(RetryDecision.classify(
                        404, new ErrorBody("Unknown request URL", "invalid_request_error", "unknown_url", "")))
                .isEqualTo(Failure.UNKNOWN_URL);
    }

    @ParameterizedTest
    @CsvSource({"UNREACHABLE", "TIMEOUT", "BROKEN_CONNECTION", "MALFORMED_REPLY", "SERVER", "THROTTLED"})
    void retryable_isRetriedWithBackoff(Failure f) {
        assertThat(decide(f, Optional.empty(), 0)).isInstanceOfSatisfying(RetryDecision.Retry.class, r -> {
            assertThat(r.hinted()).isFalse();
            assertThat(r.delay()).isBetween(Duration.ofMillis(375), Duration.ofMillis(500));
        });
    }

    @ParameterizedTest
    @CsvSource({
        "QUOTA",
        "TOO_LARGE",
        "AUTHENTICATION",
        "NOT_FOUND",
        "UNKNOWN_URL",
        "JSON_VALIDATE_FAILED",
        "INVALID_REQUEST"
    })
    void permanent_isNeverRetried_evenWithAHint(Failure f) {
        assertThat(decide(f, Optional.of(Duration.ofSeconds(1)), 0))
                .isEqualTo(new RetryDecision.GiveUp(f, Optional.of(Duration.ofSeconds(1)), false));
    }

    @Test
    void hint_isHonoured_withUpToTenPercentExtra() {
        assertThat(decide(Failure.THROTTLED, Optional.of(Duration.ofSeconds(2)), 0))
                .isInstanceOfSatisfying(RetryDecision.Retry.class, r -> {
                    assertThat(r.hinted()).isTrue();
                    assertThat(r.delay()).isBetween(Duration.ofSeconds(2), Duration.ofMillis(2200));
                });
    }

    @Test
    void hint_beyondTheCap_givesUpAtOnce() {
        assertThat(decide(Failure.THROTTLED, Optional.of(Duration.ofSeconds(578)), 0))
                .isEqualTo(new RetryDecision.GiveUp(Failure.THROTTLED, Optional.of(Duration.ofSeconds(578)), true));
    }

    @Test
    void hint_exactlyTheCap_isWaited() {
        assertThat(decide(Failure.SERVER, Optional.of(Duration.ofMinutes(2)), 0))
                .isInstanceOf(RetryDecision.Retry.class);
    }

    @Test
    void budgetExhausted_givesUp() {
        assertThat(decide(Failure.SERVER, Optional.empty(), 3))
                .isEqualTo(new RetryDecision.GiveUp(Failure.SERVER, Optional.empty(), false));
    }

    @Test
    void xShouldRetry_false_stopsARetryableFailure() {
        assertThat(RetryDecision.decide(Failure.SERVER, "false", Optional.empty(), 0, POLICY, new SplittableRandom(1)))
                .isInstanceOf(RetryDecision.GiveUp.class);
    }

    @Test
    void xShouldRetry_true_retriesAPlainInvalidRequest_butNeverAuthOrQuota() {
        assertThat(RetryDecision.decide(
                        Failure.INVALID_REQUEST, "true", Optional.empty(), 0, POLICY, new SplittableRandom(1)))
                .isInstanceOf(RetryDecision.Retry.class);
        assertThat(RetryDecision.decide(
                        Failure.AUTHENTICATION, "true", Optional.empty(), 0, POLICY, new SplittableRandom(1)))
                .isInstanceOf(RetryDecision.GiveUp.class);
        assertThat(RetryDecision.decide(Failure.QUOTA, "true", Optional.empty(), 0, POLICY, new SplittableRandom(1)))
                .isInstanceOf(RetryDecision.GiveUp.class);
    }

    @RepeatedTest(20)
    void backoff_doublesWithinJitter_andIsCapped() {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        SplittableRandom random = new SplittableRandom(seed);
        for (int retry = 0; retry < 10; retry++) {
            double nominal = Math.min(500 * Math.pow(2, retry), 8000);
            Duration d = POLICY.backoff(retry, random);
            assertThat(d.toNanos() / 1e6)
                    .as("seed %d retry %d", seed, retry)
                    .isBetween(nominal * 0.75 - 0.001, nominal + 0.001);
        }
    }
}
