package io.github.raglens.providers;

import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.MissingKeyException;
import io.github.raglens.internal.SetOnce;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.usage.UsageLedger;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

/**
 * The options every provider client shares: server, key, timeouts, retries, client-side limits,
 * usage accounting. Not thread-safe; the clients it builds are immutable and thread-safe.
 *
 * @param <B> the concrete builder
 */
public abstract class ProviderBuilder<B extends ProviderBuilder<B>> {

    // options set so far, so a second setting is refused (the client builders of this package share it)
    final SetOnce set = new SetOnce();

    static {
        BuilderAccess.install(ProviderBuilder::resolve);
    }

    private final String provider;
    private final String model;
    private final String baseUrlVariable;
    private final String defaultBaseUrl;
    private String baseUrl;
    private Secret apiKey;
    private String apiKeyVariable;
    private Environment environment = Environment.system();
    private Duration connectTimeout = Duration.ofSeconds(10);
    private Duration readTimeout = Duration.ofMinutes(5);
    private Duration callTimeout = Duration.ofMinutes(10);
    private int maxRetries = RetryPolicy.DEFAULT.maxRetries();
    private Duration initialBackoff = RetryPolicy.DEFAULT.initialBackoff();
    private Duration maxBackoff = RetryPolicy.DEFAULT.maxBackoff();
    private Duration maxRetryWait = RetryPolicy.DEFAULT.maxWait();
    private int requestsPerMinute;
    private long tokensPerMinute;
    private int maxConcurrency = 16;
    private UsageLedger ledger;
    private String stage = "default";

    /**
     * Starts a builder.
     *
     * @param provider the provider's name, e.g. {@code openai}
     * @param model the model
     * @param baseUrlVariable the environment variable with the base URL
     * @param defaultBaseUrl the base URL when neither the builder nor the environment sets one
     * @param apiKeyVariable the environment variable with the key, or null when none is used
     */
    protected ProviderBuilder(
            String provider, String model, String baseUrlVariable, String defaultBaseUrl, String apiKeyVariable) {
        this.provider = Objects.requireNonNull(provider, "provider");
        this.model = Objects.requireNonNull(model, "model");
        if (model.isBlank()) {
            throw new IllegalArgumentException("model must not be blank");
        }
        this.baseUrlVariable = baseUrlVariable;
        this.defaultBaseUrl = defaultBaseUrl;
        this.apiKeyVariable = apiKeyVariable;
    }

    /**
     * Copies another builder's options, for {@code toBuilder()}.
     *
     * @param other the builder to copy
     */
    protected ProviderBuilder(ProviderBuilder<?> other) {
        this.provider = other.provider;
        this.model = other.model;
        this.baseUrlVariable = other.baseUrlVariable;
        this.defaultBaseUrl = other.defaultBaseUrl;
        this.baseUrl = other.baseUrl;
        this.apiKey = other.apiKey;
        this.apiKeyVariable = other.apiKeyVariable;
        this.environment = other.environment;
        this.connectTimeout = other.connectTimeout;
        this.readTimeout = other.readTimeout;
        this.callTimeout = other.callTimeout;
        this.maxRetries = other.maxRetries;
        this.initialBackoff = other.initialBackoff;
        this.maxBackoff = other.maxBackoff;
        this.maxRetryWait = other.maxRetryWait;
        this.requestsPerMinute = other.requestsPerMinute;
        this.tokensPerMinute = other.tokensPerMinute;
        this.maxConcurrency = other.maxConcurrency;
        this.ledger = other.ledger;
        this.stage = other.stage;
    }

    @SuppressWarnings("unchecked")
    private B self() {
        return (B) this;
    }

    /** Sets the base URL (default: the environment variable, then the provider's public URL). */
    public B baseUrl(String baseUrl) {
        this.baseUrl = normalizeUrl(Objects.requireNonNull(baseUrl, "baseUrl"));
        set.record("baseUrl", baseUrl);
        return self();
    }

    /** Sets the API key (default: read from the provider's environment variable). */
    public B apiKey(String apiKey) {
        this.apiKey = Secret.of(apiKey);
        set.record("apiKey", "(hidden)");
        return self();
    }

    /** Reads the API key from this environment variable when the client is built. */
    public B apiKeyFromEnv(String variable) {
        this.apiKeyVariable = Objects.requireNonNull(variable, "variable");
        this.apiKey = null;
        set.record("apiKey", "the variable " + variable);
        return self();
    }

    /** Sets where environment variables are read (default: the process environment). */
    public B environment(Environment environment) {
        this.environment = Objects.requireNonNull(environment, "environment");
        set.record("environment", environment);
        return self();
    }

    /**
     * A client's own default timeouts (an HTTP service's are shorter than a model's), which its user
     * may still set once each.
     */
    B timeoutsByDefault(Duration connect, Duration read, Duration call) {
        this.connectTimeout = positive(connect, "connectTimeout");
        this.readTimeout = positive(read, "readTimeout");
        this.callTimeout = positive(call, "callTimeout");
        return self();
    }

    /** Sets the connect timeout (default 10 s). */
    public B connectTimeout(Duration timeout) {
        this.connectTimeout = positive(timeout, "connectTimeout");
        set.record("connectTimeout", timeout);
        return self();
    }

    /**
     * Sets the longest silence while waiting for or reading a reply (default 5 minutes, because a
     * local model may think for minutes before its first byte).
     */
    public B readTimeout(Duration timeout) {
        this.readTimeout = positive(timeout, "readTimeout");
        set.record("readTimeout", timeout);
        return self();
    }

    /** Sets the hard ceiling of one attempt, connect to last byte (default 10 minutes). */
    public B callTimeout(Duration timeout) {
        this.callTimeout = positive(timeout, "callTimeout");
        set.record("callTimeout", timeout);
        return self();
    }

    /** Sets the retries after a first failed attempt (default 3). */
    public B maxRetries(int maxRetries) {
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must be >= 0, was " + maxRetries);
        }
        this.maxRetries = maxRetries;
        set.record("maxRetries", maxRetries);
        return self();
    }

    /** Sets the first computed backoff; it doubles per retry up to {@link #maxBackoff} (default 0.5 s). */
    public B initialBackoff(Duration backoff) {
        this.initialBackoff = notNegative(backoff, "initialBackoff");
        set.record("initialBackoff", backoff);
        return self();
    }

    /** Sets the longest computed backoff (default 8 s). */
    public B maxBackoff(Duration backoff) {
        this.maxBackoff = notNegative(backoff, "maxBackoff");
        set.record("maxBackoff", backoff);
        return self();
    }

    /**
     * Sets the longest wait a server may ask for before a retry (default 2 minutes). A server asking
     * for more (a daily token limit, say) fails the call with a {@code RateLimitedException} instead
     * of stalling the run.
     */
    public B maxRetryWait(Duration wait) {
        this.maxRetryWait = notNegative(wait, "maxRetryWait");
        set.record("maxRetryWait", wait);
        return self();
    }

    /** Sets a client-side requests-per-minute limit, shared JVM-wide per model (default 0: none). */
    public B requestsPerMinute(int rpm) {
        if (rpm < 0) {
            throw new IllegalArgumentException("requestsPerMinute must be >= 0, was " + rpm);
        }
        this.requestsPerMinute = rpm;
        set.record("requestsPerMinute", rpm);
        return self();
    }

    /** Sets a client-side tokens-per-minute limit, shared JVM-wide per model (default 0: none). */
    public B tokensPerMinute(long tpm) {
        if (tpm < 0) {
            throw new IllegalArgumentException("tokensPerMinute must be >= 0, was " + tpm);
        }
        this.tokensPerMinute = tpm;
        set.record("tokensPerMinute", tpm);
        return self();
    }

    /**
     * Sets the most calls in flight to this model, JVM-wide (default 16); the limit halves on a
     * rate-limit reply and grows back on successes.
     */
    public B maxConcurrency(int maxConcurrency) {
        if (maxConcurrency < 1) {
            throw new IllegalArgumentException("maxConcurrency must be >= 1, was " + maxConcurrency);
        }
        this.maxConcurrency = maxConcurrency;
        set.record("maxConcurrency", maxConcurrency);
        return self();
    }

    /**
     * Sets the ledger every reply's usage is recorded in (default none: the client counts nothing).
     * {@link UsageLedger#meter} sets it for a run, so one ledger counts each call once.
     */
    public B usageLedger(UsageLedger ledger) {
        this.ledger = Objects.requireNonNull(ledger, "ledger");
        set.record("usageLedger", ledger);
        return self();
    }

    /** Sets the stage recorded with usage, e.g. {@code judge} (default {@code default}). */
    public B stage(String stage) {
        Objects.requireNonNull(stage, "stage");
        if (stage.isBlank()) {
            throw new IllegalArgumentException("stage must not be blank");
        }
        this.stage = stage;
        set.record("stage", stage);
        return self();
    }

    /**
     * Resolves the options against the environment; the client builders reach it through {@link
     * BuilderAccess}.
     *
     * @throws MissingKeyException when the provider's public server needs a key and its variable is
     *     not set
     */
    private ClientConfig resolve() {
        String url = baseUrl;
        if (url == null && baseUrlVariable != null) {
            url = environment
                    .get(baseUrlVariable)
                    .map(ProviderBuilder::normalizeUrl)
                    .orElse(null);
            if (url != null
                    && provider.equals(ProviderKind.OLLAMA.label())
                    && URI.create(url).getPort() < 0) {
                // OLLAMA_HOST=0.0.0.0 or =gpu-box means Ollama's own port, as the ollama CLI reads it
                url = url + ":11434";
            }
        }
        if (url == null) {
            url = normalizeUrl(defaultBaseUrl);
        }
        Secret key = apiKey;
        if (key == null && apiKeyVariable != null) {
            key = environment.get(apiKeyVariable).map(Secret::of).orElse(null);
        }
        if (key == null && needsKey(url)) {
            if (apiKeyVariable == null) {
                throw new AuthenticationException(
                        provider, model, 0, null, url + " needs an API key; pass it with apiKey(...)", null);
            }
            throw new MissingKeyException(
                    provider,
                    model,
                    apiKeyVariable,
                    apiKeyVariable + " is not set; export it or put it in .env, or pass the key with apiKey(...)");
        }
        if (callTimeout.compareTo(readTimeout) < 0) {
            throw new IllegalStateException("callTimeout (" + callTimeout + ") is shorter than readTimeout ("
                    + readTimeout + "); raise callTimeout or lower readTimeout");
        }
        return new ClientConfig(
                provider,
                model,
                url,
                key,
                connectTimeout,
                readTimeout,
                callTimeout,
                new RetryPolicy(maxRetries, initialBackoff, maxBackoff, maxRetryWait),
                new RateLimiter.Limits(requestsPerMinute, tokensPerMinute, maxConcurrency),
                ledger,
                stage);
    }

    /** Whether a base URL is a provider's public server, which always needs a key. */
    static boolean needsKey(String url) {
        String host = Optional.ofNullable(URI.create(url).getHost()).orElse("").toLowerCase(Locale.ROOT);
        return host.equals("api.openai.com") || host.equals("api.groq.com");
    }

    /** Adds {@code http://} when no scheme is given and drops trailing slashes. */
    static String normalizeUrl(String url) {
        String u = url.strip();
        if (!u.contains("://")) {
            u = "http://" + u;
        }
        while (u.endsWith("/")) {
            u = u.substring(0, u.length() - 1);
        }
        URI uri;
        try {
            uri = URI.create(u);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("base URL '" + url + "' is not a URL: " + e.getMessage(), e);
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new IllegalArgumentException(
                    "base URL '" + url + "' must be an http or https URL such as http://localhost:11434");
        }
        return u;
    }

    private static Duration positive(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative() || d.isZero()) {
            throw new IllegalArgumentException(name + " must be > 0, was " + d);
        }
        return d;
    }

    private static Duration notNegative(Duration d, String name) {
        Objects.requireNonNull(d, name);
        if (d.isNegative()) {
            throw new IllegalArgumentException(name + " must be >= 0, was " + d);
        }
        return d;
    }
}
