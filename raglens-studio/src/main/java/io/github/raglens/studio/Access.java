package io.github.raglens.studio;

import com.sun.net.httpserver.Headers;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Locale;
import java.util.Optional;

/**
 * Who may use the studio. A request from this machine is served when its {@code Host} names this
 * machine (so a web page elsewhere cannot reach the studio through a name it controls). A request
 * from another host is served only when the studio has a token and the request carries it (as {@code
 * Authorization: Bearer}, the studio's cookie, or {@code ?token=} once, which sets the cookie).
 * Every request that changes something must carry the page's secret in {@code X-Studio-Secret}, which
 * a form or script of another site cannot send. Thread-safe.
 */
final class Access {

    /** The cookie that carries the token after {@code ?token=}. */
    static final String COOKIE = "raglens-studio-token";

    private final String token;
    private final String secret;

    /**
     * @param token the token other hosts must present, or null: other hosts are refused
     * @param secret the per-start secret a page sends back with each change
     */
    Access(String token, String secret) {
        this.token = token;
        this.secret = secret;
    }

    /** Why the request is refused, or empty when it may be served. */
    Optional<String> refusal(InetAddress remote, String method, URI uri, Headers headers) {
        boolean presented = token != null && presentsToken(uri, headers);
        if (!remote.isLoopbackAddress() && !presented) {
            return Optional.of(
                    token == null
                            ? "refused: requests from other hosts (" + remote.getHostAddress()
                                    + ") need a token; start the studio with RAGLENS_STUDIO_TOKEN set to allow them"
                            : "refused: a request from another host (" + remote.getHostAddress()
                                    + ") must carry the studio's token");
        }
        if (remote.isLoopbackAddress() && !presented && !isLocalHost(headers.getFirst("Host"))) {
            return Optional.of("refused: Host '" + headers.getFirst("Host") + "' is not this machine");
        }
        if (!method.equals("GET") && !method.equals("HEAD") && !same(secret, headers.getFirst("X-Studio-Secret"))) {
            return Optional.of("refused: a change must come from a studio page (X-Studio-Secret missing or wrong)");
        }
        return Optional.empty();
    }

    /** Whether the request's query carries the token, so the reply should set the cookie. */
    boolean tokenInQuery(URI uri) {
        return token != null && same(token, queryToken(uri));
    }

    private boolean presentsToken(URI uri, Headers headers) {
        String auth = headers.getFirst("Authorization");
        if (auth != null && auth.startsWith("Bearer ") && same(token, auth.substring("Bearer ".length()))) {
            return true;
        }
        String cookies = headers.getFirst("Cookie");
        if (cookies != null) {
            for (String c : cookies.split(";")) {
                String t = c.strip();
                if (t.startsWith(COOKIE + "=") && same(token, t.substring(COOKIE.length() + 1))) {
                    return true;
                }
            }
        }
        return same(token, queryToken(uri));
    }

    private static String queryToken(URI uri) {
        String q = uri.getRawQuery();
        if (q == null) {
            return null;
        }
        for (String part : q.split("&")) {
            if (part.startsWith("token=")) {
                return java.net.URLDecoder.decode(part.substring(6), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    static boolean isLocalHost(String host) {
        if (host == null) {
            return false;
        }
        String h = host.toLowerCase(Locale.ROOT);
        int colon = h.startsWith("[") ? h.indexOf("]:") + 1 : h.lastIndexOf(':');
        String name = colon > 0 ? h.substring(0, colon) : h;
        return name.equals("localhost") || name.startsWith("127.") || name.equals("[::1]");
    }

    private static boolean same(String expected, String given) {
        return expected != null
                && given != null
                && MessageDigest.isEqual(
                        expected.getBytes(StandardCharsets.UTF_8), given.getBytes(StandardCharsets.UTF_8));
    }
}
