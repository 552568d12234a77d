package io.github.raglens.providers;

import java.util.Objects;
import java.util.function.Function;

/**
 * Resolves a {@link ProviderBuilder}'s options for the client builders in the provider packages,
 * so that the resolving method and its {@link ClientConfig} stay out of the public API. {@code
 * ProviderBuilder} installs its resolver when its class initialises, which precedes every builder.
 * Thread-safe.
 */
final class BuilderAccess {

    private static volatile Function<ProviderBuilder<?>, ClientConfig> resolver;

    private BuilderAccess() {}

    /**
     * Installs the resolver; {@code ProviderBuilder} calls this once.
     *
     * @throws IllegalStateException when a resolver is installed already
     */
    public static synchronized void install(Function<ProviderBuilder<?>, ClientConfig> resolver) {
        if (BuilderAccess.resolver != null) {
            throw new IllegalStateException("the ProviderBuilder resolver is installed already");
        }
        BuilderAccess.resolver = Objects.requireNonNull(resolver, "resolver");
    }

    /**
     * Resolves the builder's options against its environment.
     *
     * @throws io.github.raglens.error.AuthenticationException when the provider's public server needs
     *     a key and none is set
     */
    public static ClientConfig resolve(ProviderBuilder<?> builder) {
        return resolver.apply(Objects.requireNonNull(builder, "builder"));
    }
}
