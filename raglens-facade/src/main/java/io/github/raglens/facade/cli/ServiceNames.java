package io.github.raglens.facade.cli;

import java.net.URI;
import java.util.Locale;

/** Default names of users' services: the URL's host, port and path as one file-safe word. */
final class ServiceNames {

    private ServiceNames() {}

    /** {@code http://localhost:8080/search} → {@code localhost-8080-search}. */
    static String fromUrl(String url) {
        URI uri;
        try {
            uri = URI.create(url.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + url + "' is not a URL: " + e.getMessage(), e);
        }
        String raw = (uri.getHost() == null ? url : uri.getHost())
                + (uri.getPort() < 0 ? "" : "-" + uri.getPort())
                + (uri.getPath() == null ? "" : uri.getPath());
        String name =
                raw.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9._-]+", "-").replaceAll("^[-._]+|-+$", "");
        return name.isEmpty() ? "service" : name;
    }
}
