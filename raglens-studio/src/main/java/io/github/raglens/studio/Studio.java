package io.github.raglens.studio;

import com.sun.net.httpserver.HttpServer;
import io.github.raglens.error.RagLensException;
import io.github.raglens.internal.SetOnce;
import io.github.raglens.spi.StudioServer;
import java.io.IOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The raglens studio: a local web application over one workspace, served by the JDK's HTTP server —
 * the runs with what each ran on, each metric's trend across runs, two runs compared with the
 * regression gate's paired tests, and one question with every ranking and answer.
 *
 * <pre>{@code
 * try (Studio studio = Studio.builder(Path.of(".raglens")).port(7777).start()) {
 *     System.out.println(studio.url());
 *     studio.awaitStop();
 * }
 * }</pre>
 *
 * <p>By default it listens on 127.0.0.1 only. Bound to another address it still refuses requests from
 * other hosts unless a token is set and the request carries it. Several studios may open one
 * workspace; each reads it afresh when its files change. Thread-safe; {@link #close()} stops it.
 */
public final class Studio implements StudioServer.Running {

    /** The port when none is given. */
    public static final int DEFAULT_PORT = StudioServer.DEFAULT_PORT;

    private final HttpServer server;
    private final ExecutorService executor;
    private final URI url;

    private Studio(HttpServer server, ExecutorService executor, URI url) {
        this.server = server;
        this.executor = executor;
        this.url = url;
    }

    /**
     * Starts configuring a studio over a workspace folder.
     *
     * @param workspace the workspace, e.g. {@code .raglens}
     */
    public static Builder builder(Path workspace) {
        return new Builder(Objects.requireNonNull(workspace, "workspace"));
    }

    @Override
    public URI url() {
        return url;
    }

    /** The port the studio listens on (the one chosen when asked for port 0). */
    public int port() {
        return server.getAddress().getPort();
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }

    /** Configures a {@link Studio}; not thread-safe. */
    public static final class Builder {
        private final SetOnce set = new SetOnce();
        private final Path workspace;
        private String host = "127.0.0.1";
        private int port = DEFAULT_PORT;
        private String token;

        private Builder(Path workspace) {
            this.workspace = workspace;
        }

        /**
         * The address to listen on (default {@code 127.0.0.1}); {@code 0.0.0.0} listens on every
         * interface, and other hosts are still refused without a {@link #token}.
         */
        public Builder host(String host) {
            this.host = Objects.requireNonNull(host, "host");
            set.record("host", host);
            return this;
        }

        /**
         * The port (default {@value #DEFAULT_PORT}; 0 picks a free one).
         *
         * @throws IllegalArgumentException if outside 0–65535
         */
        public Builder port(int port) {
            if (port < 0 || port > 65_535) {
                throw new IllegalArgumentException("port must be in 0-65535, was " + port);
            }
            this.port = port;
            set.record("port", port);
            return this;
        }

        /**
         * The token a request from another host must carry (default none: other hosts are refused).
         * Never logged or shown.
         *
         * @throws IllegalArgumentException if shorter than 16 characters
         */
        public Builder token(String token) {
            Objects.requireNonNull(token, "token");
            if (token.length() < 16) {
                throw new IllegalArgumentException("a studio token needs at least 16 characters");
            }
            this.token = token;
            set.record("token", "(hidden)");
            return this;
        }

        /**
         * Starts the server.
         *
         * @throws RagLensException if the port is in use or the address is not this machine's, in one
         *     line naming it
         */
        public Studio start() {
            InetAddress address;
            try {
                address = InetAddress.getByName(host);
            } catch (UnknownHostException e) {
                throw new RagLensException("cannot listen on '" + host + "': no such address", e);
            }
            HttpServer server;
            try {
                server = HttpServer.create(new InetSocketAddress(address, port), 64);
            } catch (BindException e) {
                throw new RagLensException(
                        "port " + port + " on " + host
                                + " is in use; choose another with --port N (0 picks a free one)",
                        e);
            } catch (IOException e) {
                throw new RagLensException("cannot listen on " + host + ":" + port + ": " + e.getMessage(), e);
            }
            byte[] bytes = new byte[16];
            new SecureRandom().nextBytes(bytes);
            String secret = HexFormat.of().formatHex(bytes);
            Routes routes = new Routes(new WorkspaceView(workspace), new Layout(secret), new Access(token, secret));
            server.createContext("/", routes::handle);
            ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
            server.setExecutor(executor);
            server.start();
            String shown = address.isAnyLocalAddress() ? "127.0.0.1" : address.getHostAddress();
            if (shown.contains(":")) {
                shown = "[" + shown + "]";
            }
            return new Studio(
                    server,
                    executor,
                    URI.create("http://" + shown + ":" + server.getAddress().getPort() + "/"));
        }
    }
}
