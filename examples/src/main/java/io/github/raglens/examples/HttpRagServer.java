package io.github.raglens.examples;

import com.sun.net.httpserver.HttpServer;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * A tiny RAG service of its own, for {@code raglens benchmark --retriever-url} and {@code raglens
 * evaluate --system-url}: it cuts every {@code .md}/{@code .txt} file of a folder into 500-character
 * windows, ranks them by the query words they contain, and answers with the best window's first
 * sentence. Run: {@code java HttpRagServer.java DIR [PORT]}; POST /search and /ask.
 */
public final class HttpRagServer {
    record Window(String text, String source) {}

    public static void main(String[] args) throws Exception {
        List<Window> windows = new ArrayList<>();
        try (var files = Files.list(Path.of(args[0]))) {
            for (Path f :
                    files.filter(p -> p.toString().matches(".*\\.(md|txt)")).toList()) {
                String t = Files.readString(f);
                for (int i = 0; i < t.length(); i += 400) {
                    windows.add(new Window(
                            t.substring(i, Math.min(t.length(), i + 500)),
                            f.getFileName().toString()));
                }
            }
        }
        HttpServer server =
                HttpServer.create(new InetSocketAddress(args.length > 1 ? Integer.parseInt(args[1]) : 8080), 0);
        for (String path : List.of("/search", "/ask")) {
            server.createContext(path, ex -> {
                String body = new String(ex.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
                List<String> words = Arrays.asList(body.replaceAll("\"(query|question|k)\"|[^\\p{L}\\p{N} ]", " ")
                        .toLowerCase(Locale.ROOT)
                        .split("\\s+"));
                List<Window> top = windows.stream()
                        .sorted(Comparator.comparingLong((Window w) -> words.stream()
                                        .filter(x -> x.length() > 3
                                                && w.text()
                                                        .toLowerCase(Locale.ROOT)
                                                        .contains(x))
                                        .count())
                                .reversed())
                        .limit(5)
                        .toList();
                String contexts = String.join(
                        ",",
                        top.stream()
                                .map(w -> "{\"text\":" + quote(w.text()) + ",\"source\":" + quote(w.source()) + "}")
                                .toList());
                String first =
                        top.isEmpty() ? "I don't know." : top.getFirst().text().split("(?<=\\.)\\s")[0];
                byte[] reply = (path.equals("/search")
                                ? "{\"results\":[" + contexts + "]}"
                                : "{\"answer\":" + quote(first) + ",\"contexts\":[" + contexts + "]}")
                        .getBytes(StandardCharsets.UTF_8);
                ex.getResponseHeaders().add("Content-Type", "application/json");
                ex.sendResponseHeaders(200, reply.length);
                try (OutputStream out = ex.getResponseBody()) {
                    out.write(reply);
                }
            });
        }
        server.start();
        System.out.println("serving " + windows.size() + " windows on " + server.getAddress());
    }

    static String quote(String s) {
        return "\""
                + s.replace("\\", "\\\\")
                        .replace("\"", "\\\"")
                        .replace("\n", "\\n")
                        .replace("\r", "")
                        .replace("\t", " ")
                + "\"";
    }
}
