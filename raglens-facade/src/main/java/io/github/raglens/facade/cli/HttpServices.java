package io.github.raglens.facade.cli;

import io.github.raglens.providers.Environment;
import io.github.raglens.providers.HttpRagSystem;
import io.github.raglens.providers.HttpRetriever;
import io.github.raglens.providers.ProviderBuilder;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import java.nio.file.Path;
import java.util.Objects;

/**
 * The clients of the users' HTTP services that the CLI's {@code --retriever-url} and {@code
 * --system-url} name, each sending the bearer token of one variable ({@code --auth-env}) read from
 * the environment, then the {@code .env} file of a folder. In code a service is added as its client,
 * {@code HttpRetriever.builder(name, url)} or {@code HttpRagSystem.builder(name, url)}, given to
 * {@code RagLens.Builder.retriever} or {@code system}. Immutable and thread-safe.
 */
public final class HttpServices {

    private final Environment environment;
    private final String tokenVariable;

    private HttpServices(Environment environment, String tokenVariable) {
        this.environment = environment;
        this.tokenVariable = tokenVariable;
    }

    /**
     * Services reading their token, if any, from the environment, then {@code envDirectory}'s {@code
     * .env}.
     *
     * @param tokenVariable the variable holding the bearer token, or null to send none
     * @param envDirectory the folder whose {@code .env} is read
     */
    public static HttpServices withToken(String tokenVariable, Path envDirectory) {
        Objects.requireNonNull(envDirectory, "envDirectory");
        return new HttpServices(Environment.standard(envDirectory), tokenVariable);
    }

    /**
     * A search service's client.
     *
     * @param name its name, or null for one made of the URL's host, port and path ({@code
     *     localhost-8080-search})
     * @throws IllegalArgumentException if the URL is not an http(s) URL or the name not a file-safe word
     * @throws IllegalStateException if the token variable is set nowhere
     */
    public Retriever retriever(String name, String url) {
        Objects.requireNonNull(url, "url");
        return withTokenOf(HttpRetriever.builder(name != null ? name : ServiceNames.fromUrl(url), url))
                .build();
    }

    /**
     * A whole RAG service's client.
     *
     * @param name its name, or null for one made of the URL
     * @param version the service's version, or null when it declares none (it is then asked anew on
     *     every evaluation)
     * @throws IllegalArgumentException if the URL is not an http(s) URL, the name not a file-safe word
     *     or the version blank
     * @throws IllegalStateException if the token variable is set nowhere
     */
    public RagSystem system(String name, String url, String version) {
        Objects.requireNonNull(url, "url");
        HttpRagSystem.Builder builder = HttpRagSystem.builder(name != null ? name : ServiceNames.fromUrl(url), url);
        if (version != null) {
            builder.version(version);
        }
        return withTokenOf(builder).build();
    }

    private <B extends ProviderBuilder<B>> B withTokenOf(B builder) {
        builder.environment(environment);
        if (tokenVariable == null) {
            return builder;
        }
        if (environment.get(tokenVariable).isEmpty()) {
            throw new IllegalStateException(
                    "the service token variable " + tokenVariable + " is not set; export it or put it in .env");
        }
        return builder.apiKeyFromEnv(tokenVariable);
    }
}
