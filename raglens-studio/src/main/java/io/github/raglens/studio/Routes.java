package io.github.raglens.studio;

import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Maps each request to its page or file, after {@link Access} lets it through. Every reply says how
 * long the server took ({@code Server-Timing: page;dur=…}) and forbids scripts and styles from
 * anywhere but the studio. Thread-safe.
 */
final class Routes {

    private static final Logger LOG = LoggerFactory.getLogger(Routes.class);

    private static final String CSP = "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:;"
            + " connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

    /** The largest request body read: a label is a few hundred bytes. */
    private static final int MAX_BODY = 64 * 1024;

    private final WorkspaceView view;
    private final Layout layout;
    private final Access access;
    private final Map<String, byte[]> assets = new ConcurrentHashMap<>();

    Routes(WorkspaceView view, Layout layout, Access access) {
        this.view = view;
        this.layout = layout;
        this.access = access;
    }

    void handle(HttpExchange exchange) throws IOException {
        long start = System.nanoTime();
        try (exchange) {
            Reply reply;
            try {
                reply = reply(exchange);
            } catch (RuntimeException e) {
                // answered here, inside the exchange: a failed page is a 500 with its reason, never a dropped
                // connection
                LOG.warn("studio page {} failed", exchange.getRequestURI().getPath(), e);
                reply = Reply.text(500, "the page failed: " + e.getMessage());
            }
            send(exchange, reply.status(), reply.type(), reply.body(), start);
        }
    }

    private Reply reply(HttpExchange exchange) {
        URI uri = exchange.getRequestURI();
        Optional<String> refused = access.refusal(
                exchange.getRemoteAddress().getAddress(),
                exchange.getRequestMethod(),
                uri,
                exchange.getRequestHeaders());
        if (refused.isPresent()) {
            LOG.warn("{} {}", refused.get(), uri.getPath());
            return Reply.text(403, refused.get());
        }
        if (access.tokenInQuery(uri)) {
            exchange.getResponseHeaders()
                    .add(
                            "Set-Cookie",
                            Access.COOKIE + "=" + query(uri).get("token") + "; HttpOnly; SameSite=Strict; Path=/");
        }
        byte[] body;
        try (InputStream in = exchange.getRequestBody()) {
            body = in.readNBytes(MAX_BODY);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the request: " + e.getMessage(), e);
        }
        return route(exchange.getRequestMethod(), uri.getPath(), query(uri), body);
    }

    /** A reply's status, content type and body. */
    record Reply(int status, String type, byte[] body) {
        static Reply html(String page) {
            return new Reply(200, "text/html; charset=utf-8", page.getBytes(StandardCharsets.UTF_8));
        }

        static Reply text(int status, String line) {
            return new Reply(status, "text/plain; charset=utf-8", (line + "\n").getBytes(StandardCharsets.UTF_8));
        }
    }

    private Reply route(String method, String path, Map<String, String> q, byte[] body) {
        if (method.equals("GET")) {
            switch (path) {
                case "/" -> {
                    return Reply.html(layout.page(
                            "Runs",
                            "runs",
                            RunsPage.body(view.runs(), view.workspace().dir().toString()),
                            false));
                }
                case "/trends" -> {
                    String[] choice = TrendsPage.parse(q.get("metric"));
                    return Reply.html(
                            layout.page("Trends", "trends", TrendsPage.body(view.runs(), choice[0], choice[1]), true));
                }
                case "/compare" -> {
                    return Reply.html(layout.page(
                            "Compare two runs",
                            "compare",
                            ComparePage.body(view, q.get("a"), q.get("b"), q.get("source")),
                            false));
                }
                case "/question" -> {
                    return Reply.html(layout.page(
                            "Question", "question", QuestionPage.body(view, q.get("id"), q.get("run")), false));
                }
                case "/label" -> {
                    return Reply.html(layout.page(
                            "Label",
                            "label",
                            LabelPage.body(
                                    view,
                                    q.get("metric"),
                                    q.get("design"),
                                    q.get("system"),
                                    q.get("question"),
                                    q.get("passage")),
                            false));
                }
                default -> {
                    if (path.startsWith("/assets/")) {
                        return asset(path.substring("/assets/".length()));
                    }
                }
            }
        }
        if (method.equals("POST") && path.equals("/api/labels")) {
            return LabelApi.save(view, body);
        }
        return Reply.text(404, "no page " + path);
    }

    private Reply asset(String name) {
        String type = name.endsWith(".css") ? "text/css; charset=utf-8" : "text/javascript; charset=utf-8";
        byte[] body = switch (name) {
            case "studio.css", "studio.js" -> assets.computeIfAbsent(name, n -> resource(Routes.class, n));
            case "chart.umd.js" -> assets.computeIfAbsent(name, n -> chartJs());
            default -> null;
        };
        return body == null
                ? new Reply(
                        404, "text/plain; charset=utf-8", ("no file " + name + "\n").getBytes(StandardCharsets.UTF_8))
                : new Reply(200, type, body);
    }

    /** Chart.js from its webjar, at the version the build put on the class path. */
    private static byte[] chartJs() {
        String pom = "META-INF/maven/org.webjars.npm/chart.js/pom.properties";
        Properties p = new Properties();
        try {
            p.load(new StringReader(new String(classPathResource(pom), StandardCharsets.UTF_8)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + pom, e);
        }
        return classPathResource(
                "META-INF/resources/webjars/chart.js/" + p.getProperty("version") + "/dist/chart.umd.js");
    }

    private static byte[] classPathResource(String name) {
        // another jar's file: in a named module Class.getResourceAsStream looks in this module only
        try (InputStream in = Routes.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the class path");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }

    private static byte[] resource(Class<?> owner, String name) {
        try (InputStream in = owner.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the studio jar");
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + name, e);
        }
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body, long start)
            throws IOException {
        var headers = exchange.getResponseHeaders();
        headers.set("Content-Type", type);
        headers.set("Content-Security-Policy", CSP);
        headers.set("X-Content-Type-Options", "nosniff");
        headers.set("Referrer-Policy", "no-referrer");
        headers.set("Cache-Control", "no-store");
        headers.set("Server-Timing", String.format(Locale.ROOT, "page;dur=%.2f", (System.nanoTime() - start) / 1e6));
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head ? -1 : body.length == 0 ? -1 : body.length);
        if (!head && body.length > 0) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        }
    }

    /** The query's parameters, decoded; the first of a repeated name wins. */
    static Map<String, String> query(URI uri) {
        Map<String, String> out = new HashMap<>();
        String raw = uri.getRawQuery();
        if (raw == null || raw.isEmpty()) {
            return out;
        }
        for (String part : raw.split("&")) {
            int eq = part.indexOf('=');
            String name = URLDecoder.decode(eq < 0 ? part : part.substring(0, eq), StandardCharsets.UTF_8);
            String value = eq < 0 ? "" : URLDecoder.decode(part.substring(eq + 1), StandardCharsets.UTF_8);
            out.putIfAbsent(name, value);
        }
        return out;
    }
}
