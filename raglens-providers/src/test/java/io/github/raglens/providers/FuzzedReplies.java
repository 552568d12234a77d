package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.BugDetectors;
import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.api.SilentCloseable;
import io.github.raglens.error.ProviderException;
import io.github.raglens.fuzz.HostileInput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okio.Buffer;

/**
 * A local server that answers every request with a reply made from fuzz input: a status (mostly 200),
 * some of the headers the clients read (content type, retry hints, request id) with fuzzed values,
 * and the rest of the input as the body, so a documented reply followed by a few bytes is a good seed.
 * A client may read the reply or fail with its documented {@link ProviderException}, in one line.
 */
final class FuzzedReplies implements AutoCloseable {

    private static final int[] STATUSES = {200, 200, 200, 200, 201, 204, 400, 401, 404, 408, 429, 500, 503};
    private static final String[] HEADERS = {
        "Content-Type", "Retry-After", "retry-after-ms", "x-ratelimit-reset-requests", "x-should-retry", "x-request-id"
    };

    private final MockWebServer server = new MockWebServer();
    private volatile MockResponse next = new MockResponse.Builder().code(500).build();

    FuzzedReplies() {
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                return next;
            }
        });
        try {
            server.start();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The server's address with this path. */
    String url(String path) {
        return server.url(path).toString();
    }

    /**
     * Makes the reply to the next requests from the input, then makes the call, which may read it or
     * refuse it with a {@link ProviderException}.
     */
    <T> void call(FuzzedDataProvider data, Callable<T> call) {
        MockResponse.Builder reply = new MockResponse.Builder().code(data.pickValue(STATUSES));
        if (data.consumeBoolean()) {
            reply.addHeader("Content-Type", "application/json");
        }
        for (int i = data.consumeInt(0, 2); i > 0; i--) {
            reply.addHeaderLenient(data.pickValue(HEADERS), data.consumeString(24));
        }
        next = reply.body(new Buffer().write(data.consumeRemainingAsBytes())).build();
        // A campaign's request-forgery detector refuses every connection the input does not permit, and
        // reports it from the client's own thread, whose call then never ends. The permission is set for
        // each input, as Jazzer resets its detectors between the test's set-up and the first input.
        SilentCloseable localOnly = BugDetectors.allowNetworkConnections((host, port) -> port == server.getPort());
        try {
            HostileInput.readOrRefuse(ProviderException.class, call);
        } finally {
            localOnly.close();
        }
    }

    /** Client settings for fuzzing: no retry (a retry would only read the same reply again), short waits. */
    static <B extends ProviderBuilder<B>> B once(B builder) {
        return builder.maxRetries(0)
                .initialBackoff(Duration.ofMillis(1))
                .maxBackoff(Duration.ofMillis(1))
                .maxRetryWait(Duration.ofMillis(1))
                .readTimeout(Duration.ofSeconds(2))
                .callTimeout(Duration.ofSeconds(5));
    }

    @Override
    public void close() {
        server.close();
    }
}
