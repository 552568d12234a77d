package io.github.raglens.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.store.ChunksFile;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.Headers;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code raglens evaluate} end to end, as a user runs it: the command in a JVM of its own over the
 * bundled sample corpus (ingested and indexed off the clock), its answering model and judge an
 * in-process OpenAI-compatible server that answers every call after a fixed latency with a valid,
 * deterministic reply derived from the request. Reports the calls the server saw (per cell and by
 * kind, and how many were byte-identical to an earlier one), the wall time against the ideal calls
 * × latency ÷ concurrency, the start-up (process start to the first call: JVM, index open, model
 * load) apart, the calls in flight over time, and a digest of every score so that two builds can
 * be compared for identical results.
 */
@Command(
        name = "evaluate-speed",
        description = "raglens evaluate against a local OpenAI-compatible server with fixed latency: calls per"
                + " cell, wall vs calls x latency / concurrency, start-up apart.")
final class EvaluateSpeedBenchmark implements Callable<Integer> {

    @Option(names = "--questions", defaultValue = "30", description = "Questions evaluated (default ${DEFAULT-VALUE}).")
    int questions;

    @Option(
            names = "--retrievers",
            defaultValue = "bm25,dense,hybrid,hierarchical,hier-neighbor",
            description = "Retrievers (default ${DEFAULT-VALUE}).")
    String retrievers;

    @Option(
            names = "--latency-ms",
            defaultValue = "500",
            description = "Server latency per call (default ${DEFAULT-VALUE}).")
    int latencyMs;

    @Option(
            names = "--concurrency",
            defaultValue = "32",
            description = "evaluate --concurrency (default ${DEFAULT-VALUE}).")
    int concurrency;

    @Option(
            names = "--cli-jar",
            description = "The raglens command's jar (default: raglens-cli/target/raglens.jar of this checkout).")
    Path cliJar;

    private static final Pattern PASSAGE = Pattern.compile("(?m)^\\[(\\d+)] (.*)$");

    /** One call as the server saw it. */
    private record Call(long arrivedNanos, String kind, String bodyHash) {}

    @Override
    public Integer call() throws Exception {
        Path jar = cliJar != null ? cliJar : checkout().resolve("raglens-cli/target/raglens.jar");
        if (!Files.isRegularFile(jar)) {
            System.err.println("no raglens command at " + jar
                    + "; build it with ./mvnw -B -q -DskipTests package -pl raglens-cli -am");
            return 1;
        }
        Path dir = Files.createTempDirectory("raglens-evaluate-speed");
        Path corpus = SampleCorpus.writeTo(dir.resolve("corpus"));
        Path ws = dir.resolve("ws");
        ConcurrentLinkedQueue<Call> calls = new ConcurrentLinkedQueue<>();
        try (MockWebServer server = new MockWebServer()) {
            server.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    long arrived = System.nanoTime();
                    String body =
                            request.getBody() == null ? "" : request.getBody().utf8();
                    Reply reply = reply(body);
                    calls.add(new Call(arrived, reply.kind(), sha(body)));
                    return new MockResponse.Builder()
                            .code(200)
                            .headers(Headers.of("Content-Type", "application/json"))
                            .body(reply.json())
                            .headersDelay(latencyMs, TimeUnit.MILLISECONDS)
                            .build();
                }
            });
            server.start();
            Map<String, String> env =
                    Map.of("OPENAI_BASE_URL", server.url("/v1").toString(), "OPENAI_API_KEY", "sk-benchmark-not-a-key");
            Path log = dir.resolve("cli.log");
            run(jar, env, log, "--workspace", ws.toString(), "ingest", "--docs", corpus.toString());
            run(jar, env, log, "--workspace", ws.toString(), "index", "--docs", corpus.toString());
            int written = writeQuestions(ws);
            System.out.printf(
                    "corpus ingested and indexed off the clock; %d questions x %s, latency %d ms, concurrency %d%n",
                    written, retrievers, latencyMs, concurrency);
            calls.clear();
            long t0 = System.nanoTime();
            int exit = run(
                    jar,
                    env,
                    log,
                    "--workspace",
                    ws.toString(),
                    "--no-progress",
                    "evaluate",
                    "--docs",
                    corpus.toString(),
                    "--llm-provider",
                    "openai",
                    "--llm-model",
                    "bench-model",
                    "--retrievers",
                    retrievers,
                    "--sample",
                    Integer.toString(written),
                    "--concurrency",
                    Integer.toString(concurrency));
            long t1 = System.nanoTime();
            if (exit != 0) {
                System.err.println("raglens evaluate exited with " + exit + "; its output:");
                System.err.println(Files.readString(log));
                return 1;
            }
            List<Call> seen = new ArrayList<>(calls);
            seen.sort(Comparator.comparingLong(Call::arrivedNanos));
            return report(seen, t0, t1, written, ws);
        }
    }

    private int report(List<Call> seen, long t0, long t1, int written, Path ws) throws IOException {
        int cells = written * retrievers.split(",").length;
        long latencyNanos = TimeUnit.MILLISECONDS.toNanos(latencyMs);
        double wall = (t1 - t0) / 1e9;
        double startup = seen.isEmpty() ? wall : (seen.get(0).arrivedNanos() - t0) / 1e9;
        double lastReply = seen.isEmpty() ? wall : (seen.get(seen.size() - 1).arrivedNanos() + latencyNanos - t0) / 1e9;
        double ideal = seen.size() * (latencyMs / 1000.0) / concurrency;
        Map<String, Integer> byKind = new TreeMap<>();
        Set<String> distinct = new LinkedHashSet<>();
        int identical = 0;
        for (Call c : seen) {
            byKind.merge(c.kind(), 1, Integer::sum);
            if (!distinct.add(c.bodyHash())) {
                identical++;
            }
        }
        // Calls in flight per half-second, from the arrival times (every call takes the latency); the
        // answers among them apart, to tell a pipeline waiting for retrieval from one waiting for replies.
        StringBuilder timeline = new StringBuilder("calls in flight per 0.5 s from the first call:");
        StringBuilder answering = new StringBuilder("of which answer calls:");
        int maxInFlight = 0;
        if (!seen.isEmpty()) {
            long first = seen.get(0).arrivedNanos();
            long end = seen.get(seen.size() - 1).arrivedNanos() + latencyNanos;
            for (long t = first; t < end; t += latencyNanos) {
                long at = t + latencyNanos / 2;
                int n = 0;
                int answers = 0;
                for (Call c : seen) {
                    if (c.arrivedNanos() <= at && at < c.arrivedNanos() + latencyNanos) {
                        n++;
                        answers += c.kind().equals("answer") ? 1 : 0;
                    }
                }
                maxInFlight = Math.max(maxInFlight, n);
                timeline.append(' ').append(n);
                answering.append(' ').append(answers);
            }
        }
        timeline.append('\n').append(answering);
        System.out.println(timeline);
        // From the first call to the last answer call: while it lasts, the answers wait for retrieval.
        long firstArrival = seen.isEmpty() ? 0 : seen.get(0).arrivedNanos();
        long lastAnswer = seen.stream()
                .filter(c -> c.kind().equals("answer"))
                .mapToLong(Call::arrivedNanos)
                .max()
                .orElse(firstArrival);
        double answersUntil = (lastAnswer - firstArrival) / 1e9;
        System.out.printf(
                Locale.ROOT,
                "%d calls (%s), %.2f per cell, %d identical to an earlier call; wall %.1f s = start-up %.1f s +"
                        + " calls %.1f s (the last answer call %.1f s after the first call) + exit %.1f s; ideal %.1f s%n",
                seen.size(),
                byKind,
                (double) seen.size() / cells,
                identical,
                wall,
                startup,
                lastReply - startup,
                answersUntil,
                wall - lastReply,
                ideal);
        Figures f = new Figures("evaluate-speed")
                .put("questions", written)
                .put("retrievers", retrievers)
                .put("cells", cells)
                .put("latencyMs", latencyMs)
                .put("concurrency", concurrency)
                .put("calls", seen.size())
                .put("callsPerCell", (double) seen.size() / cells)
                .put("identicalCalls", identical);
        byKind.forEach((kind, n) -> f.put(kind + "Calls", n));
        f.put("wallSeconds", wall)
                .put("startupSeconds", startup)
                .put("callsSeconds", lastReply - startup)
                .put("exitSeconds", wall - lastReply)
                .put("idealSeconds", ideal)
                .put("wallOverIdeal", wall / ideal)
                .put("wallMinusStartupOverIdeal", (wall - startup) / ideal)
                .put("maxInFlight", maxInFlight)
                .put("lastAnswerCallSeconds", answersUntil)
                .put("scoresDigest", scoresDigest(ws))
                .print();
        return 0;
    }

    /** A digest of every score of the run (sorted cells and their scores, or failure reasons). */
    private static String scoresDigest(Path ws) {
        List<String> lines = new ArrayList<>();
        for (ScoreRecord r : Scorer.read(ws.resolve("scores.jsonl"))) {
            lines.add(r.retriever() + "|" + r.questionId() + "|" + r.metric() + "|" + r.repeat() + "|"
                    + (r.isScored() ? String.format(Locale.ROOT, "%.12f", r.score()) : "failed:" + r.reason()));
        }
        lines.sort(null);
        return sha(String.join("\n", lines)) + " over " + lines.size() + " scores";
    }

    /**
     * The questions: the sample corpus's hand-checked ones, then one per remaining chunk (its first
     * sentence as the reference answer and evidence), the first {@link #questions} of them.
     */
    private int writeQuestions(Path ws) {
        List<Chunk> chunks = ChunksFile.read(ws.resolve("chunks.jsonl"));
        List<QuestionSample> out = new ArrayList<>();
        Set<String> used = new LinkedHashSet<>();
        for (QuestionSample q : SampleCorpus.questionSamples(chunks)) {
            out.add(record(
                    q.sourceChunkId() + "#" + q.id(), q.question(), q.referenceAnswer(), q.evidence(), q.id(), q));
            used.add(q.sourceChunkId());
        }
        for (Chunk c : chunks) {
            if (out.size() >= questions) {
                break;
            }
            String sentence = firstSentence(c.text());
            if (used.contains(c.id()) || sentence.length() < 40) {
                continue;
            }
            String title = c.sectionPath()
                    .substring(c.sectionPath().lastIndexOf('>') + 1)
                    .strip();
            out.add(new QuestionSample(
                    "gen-" + c.id(),
                    "What does the section on " + title + " state first?",
                    sentence,
                    sentence,
                    c.id(),
                    c.documentId(),
                    c.sectionId(),
                    QuestionStatus.SUCCESS,
                    "",
                    false,
                    "benchmark/generated"));
        }
        List<QuestionSample> picked = out.subList(0, Math.min(questions, out.size()));
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(ws.resolve("questions.jsonl"), QuestionSample.class, QuestionSample::key)) {
            picked.forEach(store::append);
        }
        return picked.size();
    }

    private static QuestionSample record(
            String key, String question, String answer, String evidence, String id, QuestionSample q) {
        return new QuestionSample(
                id,
                question,
                answer,
                evidence,
                key,
                q.documentId(),
                q.sectionId(),
                QuestionStatus.SUCCESS,
                "",
                false,
                "hand/checked");
    }

    private static String firstSentence(String text) {
        String t = text.replaceAll("(?m)^#+ .*$", "").replaceAll("\\s+", " ").strip();
        int end = t.indexOf(". ");
        return end < 0 ? t : t.substring(0, end + 1);
    }

    /** A reply and the kind of call it answers. */
    private record Reply(String kind, String json) {}

    /** The reply to one chat completions request: an answer or the judge JSON its schema asks for. */
    static Reply reply(String body) {
        JsonNode request;
        try {
            request = Json.reader().readTree(body);
        } catch (IOException e) {
            return new Reply("invalid", completion("not JSON"));
        }
        String user = "";
        for (JsonNode m : request.path("messages")) {
            if ("user".equals(m.path("role").asText())) {
                user = m.path("content").asText();
            }
        }
        JsonNode schema = request.path("response_format").path("json_schema");
        String name = schema.path("name").asText("");
        return switch (name) {
            case "" -> new Reply("answer", completion(answer(user)));
            case "statements" -> new Reply(name, completion(statements(between(user, "TEXT:\n", "\n\nReply as"))));
            case "verdicts" -> {
                int n = schema.path("schema")
                        .path("properties")
                        .path("verdicts")
                        .path("minItems")
                        .asInt(0);
                yield new Reply(
                        user.contains("CONTEXTS:") ? "contextVerdicts" : "statementVerdicts",
                        completion(verdicts(user, n)));
            }
            case "usefulness" -> new Reply(name, completion("{\"reason\":\"r\",\"verdict\":" + bit(user) + "}"));
            case "questions" ->
                new Reply(
                        name,
                        completion("{\"questions\":[{\"question\":\"q1\",\"noncommittal\":0},"
                                + "{\"question\":\"q2\",\"noncommittal\":0},"
                                + "{\"question\":\"q3\",\"noncommittal\":0}]}"));
            default -> new Reply("unknown", completion("{}"));
        };
    }

    /** An answer built from the passages it was given: the first sentences of the first two. */
    private static String answer(String user) {
        Matcher m = PASSAGE.matcher(user);
        List<String> parts = new ArrayList<>();
        while (m.find() && parts.size() < 2) {
            parts.add(firstSentence(m.group(2)));
        }
        return parts.isEmpty() ? "I don't know." : String.join(" ", parts);
    }

    private static String statements(String text) {
        List<String> parts = new ArrayList<>();
        for (String s : text.split("(?<=\\.)\\s+")) {
            if (!s.isBlank() && parts.size() < 4) {
                parts.add(s.strip());
            }
        }
        return Json.objectNode().set("statements", Json.toTree(parts)).toString();
    }

    private static String verdicts(String user, int n) {
        StringBuilder sb = new StringBuilder("{\"verdicts\":[");
        for (int i = 1; i <= n; i++) {
            sb.append(i == 1 ? "" : ",")
                    .append("{\"index\":")
                    .append(i)
                    .append(",\"reason\":\"r\",\"verdict\":")
                    .append(bit(user + "#" + i))
                    .append('}');
        }
        return sb.append("]}").toString();
    }

    private static int bit(String s) {
        return Math.floorMod(s.hashCode(), 3) == 0 ? 0 : 1;
    }

    private static String between(String s, String start, String end) {
        int a = s.indexOf(start);
        int b = s.indexOf(end, Math.max(a, 0));
        return a < 0 || b < 0 ? "" : s.substring(a + start.length(), b);
    }

    private static String completion(String content) {
        var root = Json.objectNode();
        root.put("id", "chatcmpl-bench").put("object", "chat.completion").put("created", 1741569952);
        root.put("model", "bench-model");
        var choice = root.putArray("choices").addObject();
        choice.put("index", 0).put("finish_reason", "stop");
        choice.putObject("message")
                .put("role", "assistant")
                .put("content", content)
                .putNull("refusal");
        root.putObject("usage")
                .put("prompt_tokens", 100)
                .put("completion_tokens", Math.max(1, content.length() / 4))
                .put("total_tokens", 100 + Math.max(1, content.length() / 4));
        return root.toString();
    }

    /** Runs the command in a JVM of its own, its output appended to the log; its exit code. */
    private static int run(Path jar, Map<String, String> env, Path log, String... args)
            throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--add-modules",
                "jdk.incubator.vector",
                "--enable-native-access=ALL-UNNAMED",
                "-cp",
                jar + java.io.File.pathSeparator + jar.resolveSibling("lib") + java.io.File.separator + "*",
                "io.github.raglens.cli.RaglensCli"));
        command.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile()));
        pb.environment().putAll(env);
        Process p = pb.start();
        if (!p.waitFor(30, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new IllegalStateException("raglens " + String.join(" ", args) + " did not finish in 30 minutes");
        }
        int code = p.exitValue();
        if (code != 0 && !List.of(args).contains("evaluate")) {
            throw new IllegalStateException(
                    "raglens " + String.join(" ", args) + " exited with " + code + ":\n" + Files.readString(log));
        }
        return code;
    }

    /** The checkout this benchmark jar was built in (benchmarks/target/raglens-benchmarks.jar). */
    private static Path checkout() throws URISyntaxException {
        Path self = Path.of(EvaluateSpeedBenchmark.class
                .getProtectionDomain()
                .getCodeSource()
                .getLocation()
                .toURI());
        return self.getParent().getParent().getParent();
    }

    private static String sha(String s) {
        try {
            return HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(s.getBytes(StandardCharsets.UTF_8)), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
