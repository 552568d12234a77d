package io.github.raglens.studio.internal;

import io.github.raglens.spi.StudioServer;
import io.github.raglens.studio.Studio;
import java.nio.file.Path;
import java.util.Optional;

/** The studio as {@link java.util.ServiceLoader} finds it, for a program that starts it through the facade. */
public final class StudioProvider implements StudioServer {

    /** For {@link java.util.ServiceLoader}. */
    public StudioProvider() {}

    @Override
    public Running start(Path workspace, String host, int port, Optional<String> token) {
        Studio.Builder builder = Studio.builder(workspace).host(host).port(port);
        token.ifPresent(builder::token);
        return builder.start();
    }
}
