package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.InvalidRequestException;
import io.github.raglens.error.JsonValidateFailedException;
import io.github.raglens.error.ModelNotFoundException;
import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderTimeoutException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.error.RateLimitedException;
import io.github.raglens.internal.OneLine;
import io.github.raglens.internal.StrictJson;
import io.github.raglens.model.TokenUsage;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.Connection;
import okhttp3.ConnectionPool;
import okhttp3.Dispatcher;
import okhttp3.EventListener;
import okhttp3.Headers;
import okhttp3.MediaType;
import okhttp3.MultipartBody;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Sends one JSON request with everything the clients share: client-side rate limits, retries with
 * backoff and server hints, interrupt handling, usage accounting and the mapping of failures to
 * raglens exceptions. Thread-safe.
 *
 * <p>OkHttp's own silent retry is off, so a POST is sent again only by this class's policy.
 * Waiting (for a limit, a backoff or a reply) ends at once on interrupt: the HTTP call is
 * cancelled, the thread's interrupt flag is set again and a {@link CancellationException} thrown.
 */
final class HttpCaller {

    private static final Logger LOG = LoggerFactory.getLogger(HttpCaller.class);
    private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");
    private static final MediaType JSONL = MediaType.get("application/jsonl");
    private static final OkHttpClient BASE = base();

    private final ClientConfig config;
    private final ProviderHints hints;
    private final OkHttpClient http;
    private final RateLimiter limiter;
    private final CompletableFuture<Void> reached = new CompletableFuture<>();

    /** Creates a caller for one client's settings. */
    public HttpCaller(ClientConfig config, ProviderHints hints) {
        this.config = config;
        this.hints = hints;
        this.http = BASE.newBuilder()
                .connectTimeout(config.connectTimeout())
                .readTimeout(config.readTimeout())
                .writeTimeout(config.readTimeout())
                .callTimeout(config.callTimeout())
                .retryOnConnectionFailure(false)
                .eventListener(new EventListener() {
                    @Override
                    public void connectionAcquired(Call call, Connection connection) {
                        reached.complete(null);
                    }
                })
                .build();
        this.limiter = RateLimiter.shared(config.limiterKey(), config.limits());
    }

    private static OkHttpClient base() {
        // raglens limits concurrency itself; OkHttp's default of 5 calls per host would queue them
        // daemon threads: a finished program must not wait a minute for idle HTTP threads to die
        java.util.concurrent.ExecutorService executor = java.util.concurrent.Executors.newCachedThreadPool(
                Thread.ofPlatform().name("raglens-http-", 0).daemon(true).factory());
        Dispatcher dispatcher = new Dispatcher(executor);
        dispatcher.setMaxRequests(4096);
        dispatcher.setMaxRequestsPerHost(4096);
        return new OkHttpClient.Builder()
                .dispatcher(dispatcher)
                .connectionPool(new ConnectionPool(64, 5, TimeUnit.MINUTES))
                .retryOnConnectionFailure(false)
                .build();
    }

    /** The settings. */
    public ClientConfig config() {
        return config;
    }

    /**
     * Completes the first time one of this caller's requests holds a connection to the server (made
     * or taken from the pool): the server is up, whatever the reply will be. Never fails.
     */
    public CompletionStage<Void> reached() {
        return reached.copy();
    }

    /** The shared limiter this caller uses. */
    public RateLimiter limiter() {
        return limiter;
    }

    /** Reads a 2xx reply into a value. */
    @FunctionalInterface
    public interface ReplyReader<T> {
        /**
         * Reads the reply.
         *
         * @param root the parsed body
         * @param requestId the provider's request id, or null
         * @throws MalformedReplyException when the body is not the documented shape
         */
        T read(JsonNode root, String requestId) throws MalformedReplyException;
    }

    /** The usage a reply reports. */
    @FunctionalInterface
    public interface UsageOf<T> {
        /** The tokens the reply consumed. */
        TokenUsage usage(T reply);
    }

    /**
     * POSTs a JSON body and reads the reply, retrying as the policy allows; usage is recorded in
     * the ledger.
     *
     * @param path the path after the base URL, e.g. {@code /api/chat}
     * @param body the JSON body
     * @param estimatedTokens tokens the request is expected to use, for the tokens-per-minute limit
     * @param reader reads a 2xx reply
     * @param usage the usage of a reply
     * @throws ProviderException when no usable reply could be obtained
     * @throws CancellationException when the thread is interrupted
     */
    public <T> T post(String path, JsonNode body, long estimatedTokens, ReplyReader<T> reader, UsageOf<T> usage) {
        byte[] bytes = StrictJson.bytes(body);
        return send("POST", path, RequestBody.create(bytes, JSON), estimatedTokens, json(reader), usage);
    }

    /** GETs a JSON resource (not rate limited by tokens, not recorded as usage). */
    public <T> T get(String path, ReplyReader<T> reader) {
        return send("GET", path, null, 0, json(reader), r -> TokenUsage.NONE);
    }

    /**
     * GETs a text resource, such as a file's content (not rate limited by tokens, not recorded as
     * usage), retrying as the policy allows.
     *
     * @param path the path after the base URL
     * @return the body as UTF-8 text
     * @throws ProviderException when the resource could not be had
     */
    public String getText(String path) {
        return send("GET", path, null, 0, (text, requestId) -> text, r -> TokenUsage.NONE);
    }

    /**
     * POSTs a file as {@code multipart/form-data} with text fields beside it (not recorded as usage),
     * retrying as the policy allows.
     *
     * @param path the path after the base URL
     * @param fields the text fields, in order
     * @param fileField the name of the file's field
     * @param fileName the file name sent with it
     * @param content the file's bytes
     * @param reader reads a 2xx JSON reply
     * @throws ProviderException when no usable reply could be obtained
     */
    public <T> T postFile(
            String path,
            java.util.Map<String, String> fields,
            String fileField,
            String fileName,
            byte[] content,
            ReplyReader<T> reader) {
        MultipartBody.Builder form = new MultipartBody.Builder().setType(MultipartBody.FORM);
        fields.forEach(form::addFormDataPart);
        form.addFormDataPart(fileField, fileName, RequestBody.create(content, JSONL));
        return send("POST", path, form.build(), 0, json(reader), r -> TokenUsage.NONE);
    }

    /** Reads a reply body as text. */
    @FunctionalInterface
    private interface TextReader<T> {
        T read(String text, String requestId)
                throws com.fasterxml.jackson.core.JsonProcessingException, MalformedReplyException;
    }

    private static <T> TextReader<T> json(ReplyReader<T> reader) {
        return (text, requestId) -> reader.read(StrictJson.readTree(text), requestId);
    }

    private <T> T send(
            String method,
            String path,
            RequestBody body,
            long estimatedTokens,
            TextReader<T> reader,
            UsageOf<T> usageOf) {
        String url = config.baseUrl() + path;
        Request.Builder rb = new Request.Builder().url(url).header("User-Agent", "raglens");
        if (config.apiKey() != null) {
            rb.header("Authorization", "Bearer " + config.apiKey().reveal());
        }
        if (body != null) {
            rb.method(method, body);
        } else {
            rb.get();
        }
        Request request = rb.build();
        int retries = 0;
        while (true) {
            Attempt attempt = attempt(request, estimatedTokens);
            RetryDecision decision;
            if (attempt.failure == null) {
                try {
                    T value = reader.read(attempt.bodyText(), attempt.requestId);
                    TokenUsage usage = usageOf.usage(value);
                    limiter.settle(estimatedTokens, usage.total());
                    limiter.onSuccess();
                    if (body != null && config.ledger() != null) {
                        config.ledger().record(config.stage(), config.modelName(), usage);
                    }
                    return value;
                } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
                    attempt = attempt.malformed(e.getOriginalMessage());
                } catch (MalformedReplyException e) {
                    attempt = attempt.malformed(e.getMessage());
                }
            }
            Optional<Duration> hint = attempt.status > 0
                    ? RetryHints.parse(attempt.headers::get, attempt.error.message(), Instant.now())
                    : Optional.empty();
            decision = RetryDecision.decide(
                    attempt.failure,
                    attempt.headers == null ? null : attempt.headers.get("x-should-retry"),
                    hint,
                    retries,
                    config.retry(),
                    ThreadLocalRandom.current());
            switch (decision) {
                case RetryDecision.GiveUp g -> throw failure(g, attempt, retries + 1);
                case RetryDecision.Retry r -> {
                    LOG.warn(
                            "{}: {}; retry {} of {} in {} ms",
                            config.modelName(),
                            redact(attempt.describe()),
                            retries + 1,
                            config.retry().maxRetries(),
                            r.delay().toMillis());
                    sleep(r.delay());
                    retries++;
                }
            }
        }
    }

    private Attempt attempt(Request request, long estimatedTokens) {
        RateLimiter.Permit permit;
        try {
            permit = limiter.acquire(estimatedTokens);
        } catch (InterruptedException e) {
            throw cancelled(e);
        }
        long t0 = System.nanoTime();
        try (permit) {
            Call call = http.newCall(request);
            CompletableFuture<Attempt> done = new CompletableFuture<>();
            call.enqueue(new Callback() {
                @Override
                public void onFailure(Call c, IOException e) {
                    done.complete(Attempt.transport(e));
                }

                @Override
                public void onResponse(Call c, Response response) {
                    try (response) {
                        byte[] bytes = response.body().bytes();
                        done.complete(Attempt.reply(response.code(), response.headers(), bytes));
                    } catch (IOException e) {
                        done.complete(Attempt.transport(e));
                    } catch (RuntimeException | Error e) {
                        // never leave the caller waiting: OkHttp would only log it on its own thread
                        done.completeExceptionally(e);
                        throw e;
                    }
                }
            });
            Attempt a;
            try {
                a = done.get();
            } catch (InterruptedException e) {
                call.cancel();
                throw cancelled(e);
            } catch (ExecutionException e) {
                throw new IllegalStateException("HTTP callback failed", e.getCause());
            }
            if (a.failure == Failure.THROTTLED) {
                // before this permit is released, so no caller slips through: every rate-limit reply
                // shrinks the shared concurrency and pauses all callers for the wait it asks (if sane)
                Duration pause = RetryHints.parse(a.headers::get, a.error.message(), Instant.now())
                        .filter(d -> d.compareTo(config.retry().maxWait()) <= 0)
                        .orElse(config.retry().initialBackoff());
                limiter.onThrottled(pause.toNanos());
            }
            if (LOG.isDebugEnabled()) {
                LOG.debug(
                        "{} {} {} -> {} in {} ms (request id {})",
                        config.modelName(),
                        request.method(),
                        request.url(),
                        a.status > 0 ? "HTTP " + a.status : a.describe(),
                        (System.nanoTime() - t0) / 1_000_000,
                        a.requestId);
            }
            return a;
        }
    }

    private void sleep(Duration d) {
        try {
            Thread.sleep(d);
        } catch (InterruptedException e) {
            throw cancelled(e);
        }
    }

    private CancellationException cancelled(InterruptedException e) {
        Thread.currentThread().interrupt();
        CancellationException c = new CancellationException("interrupted while calling " + config.modelName());
        c.initCause(e);
        return c;
    }

    private ProviderException failure(RetryDecision.GiveUp g, Attempt a, int attempts) {
        String p = config.provider();
        String m = config.model();
        String name = config.modelName();
        String server = redact(a.error == null ? "" : a.error.message());
        String httpPart = "HTTP " + a.status + (server.isEmpty() ? "" : ": " + server);
        String tries = attempts == 1 ? "1 attempt" : attempts + " attempts";
        String rid = a.requestId;
        ProviderException e = switch (g.failure()) {
            case AUTHENTICATION ->
                new AuthenticationException(p, m, a.status, rid, redact(hints.authentication(a.status, server)), null);
            case NOT_FOUND ->
                new ModelNotFoundException(
                        p, m, a.status, rid, redact(hints.modelNotFound(m, config.baseUrl(), server)), null);
            case UNKNOWN_URL ->
                new InvalidRequestException(
                        p,
                        m,
                        a.status,
                        rid,
                        p + " does not know the requested URL (" + httpPart + "); check the base URL "
                                + config.baseUrl(),
                        null);
            case TOO_LARGE ->
                new InvalidRequestException(
                        p,
                        m,
                        a.status,
                        rid,
                        "request too large for " + name + " (" + httpPart
                                + "); shorten the prompt or lower maxOutputTokens",
                        null);
            case QUOTA ->
                new RateLimitedException(
                        p,
                        m,
                        rid,
                        false,
                        null,
                        p + " quota exhausted (" + httpPart + "); check the plan and billing of the account");
            case THROTTLED ->
                g.waitTooLong()
                        ? new RateLimitedException(
                                p,
                                m,
                                rid,
                                true,
                                g.hint().orElse(null),
                                name + " is rate limited and asks to wait "
                                        + human(g.hint().orElseThrow())
                                        + ", longer than the "
                                        + human(config.retry().maxWait())
                                        + " cap (maxRetryWait); rerun later to resume")
                        : new RateLimitedException(
                                p,
                                m,
                                rid,
                                true,
                                g.hint().orElse(null),
                                name + " is still rate limited after " + tries + " (" + httpPart
                                        + "); lower the concurrency or set requestsPerMinute");
            case JSON_VALIDATE_FAILED ->
                new JsonValidateFailedException(p, m, rid, name + " produced no valid JSON (" + httpPart + ")");
            case INVALID_REQUEST ->
                new InvalidRequestException(
                        p, m, a.status, rid, p + " rejected the request for " + m + " (" + httpPart + ")", null);
            case SERVER -> {
                String msg = name + " failed with " + httpPart + " after " + tries;
                yield a.status == 408
                        ? new ProviderTimeoutException(p, m, a.status, rid, msg, null)
                        : new ProviderException(p, m, a.status, rid, true, msg, null);
            }
            case TIMEOUT ->
                new ProviderTimeoutException(
                        p,
                        m,
                        0,
                        null,
                        name + " gave no complete reply in time (" + redact(a.transportMessage) + ", read timeout "
                                + human(config.readTimeout()) + ") after " + tries
                                + "; raise readTimeout or check the server at " + config.baseUrl(),
                        a.cause);
            case UNREACHABLE ->
                new ProviderUnreachableException(
                        p, m, redact(hints.unreachable(config.baseUrl(), a.transportMessage)), a.cause);
            case BROKEN_CONNECTION ->
                new ProviderException(
                        p,
                        m,
                        a.status,
                        rid,
                        true,
                        name + ": the connection broke before the reply was complete (" + redact(a.transportMessage)
                                + ") after " + tries,
                        a.cause);
            case MALFORMED_REPLY ->
                new ProviderException(
                        p,
                        m,
                        a.status,
                        rid,
                        true,
                        name + " sent a reply that is not the documented JSON (" + redact(a.transportMessage)
                                + ") after " + tries,
                        null);
        };
        LOG.debug("{}: giving up: {}", name, e.getMessage());
        return e;
    }

    private String redact(String text) {
        return Secret.redactAll(text, config.apiKey());
    }

    /** A duration as people write it: {@code 250 ms}, {@code 2 s}, {@code 9 min 38 s}. */
    static String human(Duration d) {
        long ms = d.toMillis();
        if (ms < 1000) {
            return ms + " ms";
        }
        long s = Math.round(ms / 1000.0);
        if (s < 60) {
            return s + " s";
        }
        return s / 60 + " min" + (s % 60 == 0 ? "" : " " + s % 60 + " s");
    }

    /** The outcome of one attempt. */
    private static final class Attempt {
        final int status;
        final Headers headers;
        final byte[] body;
        final String requestId;
        final Failure failure;
        final ErrorBody error;
        final String transportMessage;
        final IOException cause;

        private Attempt(
                int status,
                Headers headers,
                byte[] body,
                Failure failure,
                ErrorBody error,
                String transportMessage,
                IOException cause) {
            this.status = status;
            this.headers = headers;
            this.body = body;
            this.requestId = headers == null ? null : headers.get("x-request-id");
            this.failure = failure;
            this.error = error;
            this.transportMessage = transportMessage;
            this.cause = cause;
        }

        static Attempt reply(int status, Headers headers, byte[] body) {
            if (status >= 200 && status < 300) {
                return new Attempt(status, headers, body, null, null, null, null);
            }
            ErrorBody error = ErrorBody.parse(body);
            return new Attempt(status, headers, body, RetryDecision.classify(status, error), error, null, null);
        }

        static Attempt transport(IOException e) {
            Failure f;
            if (e instanceof ConnectException
                    || e instanceof UnknownHostException
                    || e instanceof NoRouteToHostException) {
                f = Failure.UNREACHABLE;
            } else if (e instanceof SocketTimeoutException || e instanceof InterruptedIOException) {
                f = Failure.TIMEOUT;
            } else {
                f = Failure.BROKEN_CONNECTION;
            }
            String msg = e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage());
            return new Attempt(0, null, null, f, new ErrorBody("", "", "", ""), msg, e);
        }

        Attempt malformed(String detail) {
            String size = body == null ? "" : ", " + body.length + " bytes";
            return new Attempt(
                    status,
                    headers,
                    body,
                    Failure.MALFORMED_REPLY,
                    new ErrorBody("", "", "", ""),
                    "HTTP " + status + size + ": " + OneLine.shortened(String.valueOf(detail)),
                    null);
        }

        String bodyText() {
            return new String(body, StandardCharsets.UTF_8);
        }

        String describe() {
            if (status > 0 && failure != Failure.MALFORMED_REPLY) {
                return "HTTP " + status
                        + (error == null || error.message().isEmpty() ? "" : " (" + error.message() + ")");
            }
            return failure + " (" + transportMessage + ")";
        }
    }
}
