package io.github.raglens.facade.internal;

import io.github.raglens.RagLens;
import io.github.raglens.providers.Environment;
import io.github.raglens.providers.HttpRagSystem;
import io.github.raglens.providers.HttpRetriever;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * The users' HTTP services of a {@link RagLens.Builder} ({@link RagLens.Builder#retrieverUrl}, {@link
 * RagLens.Builder#systemUrl}): checked when added, built into clients when the builder builds.
 */
public final class HttpServices {

    private HttpServices() {}

    /**
     * A user's HTTP service, built into a client by {@link #build} with the token variable; {@code
     * version} is null for a retriever and for a system that declares none.
     */
    public record Service(boolean answers, String name, String url, String version) {}

    /**
     * A service, checked now: the clients validate name, URL and version, and a throwaway one is built
     * so that a bad value fails when it is given.
     *
     * @param name its name, or null for one made of the URL's host, port and path
     */
    public static Service service(boolean answers, String name, String url, String version) {
        Objects.requireNonNull(url, "url");
        String n = name != null ? name : ServiceNames.fromUrl(url);
        if (version == null) {
            HttpRetriever.builder(n, url);
        } else {
            HttpRagSystem.builder(n, url).version(version);
        }
        return new Service(answers, n, url, version);
    }

    /**
     * Builds the clients of the services, each sending the token of {@code tokenVariable} (null for
     * none) read from the environment, then the working folder's {@code .env}.
     *
     * @throws IllegalStateException if the token variable is set nowhere
     */
    public static void build(
            List<Service> services, String tokenVariable, List<Retriever> retrievers, List<RagSystem> systems) {
        if (services.isEmpty()) {
            return;
        }
        Environment env = Environment.standard(Path.of("").toAbsolutePath());
        if (tokenVariable != null && env.get(tokenVariable).isEmpty()) {
            throw new IllegalStateException(
                    "the service token variable " + tokenVariable + " is not set; export it or put it in .env");
        }
        for (Service s : services) {
            if (s.answers()) {
                HttpRagSystem.Builder b =
                        HttpRagSystem.builder(s.name(), s.url()).environment(env);
                if (s.version() != null) {
                    b.version(s.version());
                }
                systems.add((tokenVariable == null ? b : b.apiKeyFromEnv(tokenVariable)).build());
            } else {
                HttpRetriever.Builder b =
                        HttpRetriever.builder(s.name(), s.url()).environment(env);
                retrievers.add((tokenVariable == null ? b : b.apiKeyFromEnv(tokenVariable)).build());
            }
        }
    }
}
