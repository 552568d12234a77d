package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.Judgement;
import io.github.raglens.model.ResponseSchema;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.Judge;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.ScriptedLlm;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * A metric's version covers its arithmetic. Every metric, in every mode raglens creates it, scores
 * fixed cells with a fixed judge and fixed embeddings; the fingerprint of its scores (and of the
 * reasons of the cells it fails) must be the one recorded in {@value #FILE} for its version. The key
 * leaves the prompts' hashes out ({@code statements@3f2a9c1d} reads {@code statements}), so an edited
 * prompt, whose version changes by itself, needs nothing recorded.
 *
 * <p>A change to how a score follows from the judge's replies changes the fingerprint. Unless the
 * metric's {@code ARITHMETIC} version is raised with it, scores stored by the old computation would
 * be taken for the new one's, so this test fails until it is; the new version is then recorded with
 * {@code -Draglens.fingerprints.record=true}, which adds lines and never rewrites one.
 */
class MetricFingerprintTest {

    static final String FILE = "metric-fingerprints.txt";
    private static final Path SOURCE = Path.of("src/test/resources/io/github/raglens/eval/judge", FILE);
    private static final Pattern PROMPT_HASH = Pattern.compile("@[0-9a-f]{8}");
    private static final Pattern ITEM = Pattern.compile("(?m)^\\[(\\d+)] (.*)$");

    @Test
    void everyMetricVersion_scoresTheFixedCellsAsRecordedForIt() throws IOException {
        Map<String, String> computed = fingerprints();
        Map<String, String> recorded = recorded();
        List<String> problems = new ArrayList<>(changed(computed, recorded));
        List<String> missing = new ArrayList<>();
        computed.forEach((key, print) -> {
            if (!recorded.containsKey(key)) {
                missing.add(key + " " + print);
            }
        });
        if (Boolean.getBoolean("raglens.fingerprints.record")) {
            if (!missing.isEmpty()) {
                Files.write(SOURCE, missing, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
            }
        } else {
            missing.forEach(line -> problems.add(line.substring(0, line.lastIndexOf(' '))
                    + ": a version with no fingerprint recorded; record it with -Draglens.fingerprints.record=true"
                    + " and commit " + FILE));
        }
        assertThat(problems).as("metric versions against " + FILE).isEmpty();
    }

    @Test
    void aComputationThatChangedUnderARecordedVersion_isNamedWithItsFix() {
        Map<String, String> recorded = Map.of("context_precision usefulness+one-call+ap-1", "1111");
        assertThat(changed(Map.of("context_precision usefulness+one-call+ap-1", "2222"), recorded))
                .containsExactly("context_precision usefulness+one-call+ap-1: the scores of the fixed cells changed"
                        + " (fingerprint 2222, recorded 1111) but the version did not; raise the ARITHMETIC version"
                        + " of the metric's class, then record the new version");
        assertThat(changed(Map.of("context_precision usefulness+one-call+ap-2", "2222"), recorded))
                .isEmpty();
    }

    /** The keys whose computed fingerprint is not the recorded one. */
    static List<String> changed(Map<String, String> computed, Map<String, String> recorded) {
        List<String> out = new ArrayList<>();
        computed.forEach((key, print) -> {
            String old = recorded.get(key);
            if (old != null && !old.equals(print)) {
                out.add(key + ": the scores of the fixed cells changed (fingerprint " + print + ", recorded " + old
                        + ") but the version did not; raise the ARITHMETIC version of the metric's class, then"
                        + " record the new version");
            }
        });
        return out;
    }

    private static Map<String, String> recorded() throws IOException {
        Map<String, String> out = new LinkedHashMap<>();
        try (InputStream in = MetricFingerprintTest.class.getResourceAsStream(FILE)) {
            assertThat(in).as(FILE + " on the test class path").isNotNull();
            for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    int space = line.lastIndexOf(' ');
                    out.put(line.substring(0, space), line.substring(space + 1));
                }
            }
        }
        return out;
    }

    /**
     * Each metric version's fingerprint over the fixed cells. Two configurations with one version
     * must compute alike: a version standing for two computations fails here too.
     */
    static Map<String, String> fingerprints() {
        Map<String, String> out = new TreeMap<>();
        List<String> clashes = new ArrayList<>();
        try (JudgeSession s = JudgeSession.builder(new FrozenJudge())
                .embeddings(new FrozenEmbeddings())
                .build()) {
            List<Judge> all = new ArrayList<>();
            all.addAll(Metrics.create(List.of(JudgeMetric.values()), s));
            all.addAll(Metrics.create(List.of(JudgeMetric.FAITHFULNESS), s));
            all.addAll(Metrics.create(List.of(JudgeMetric.CONTEXT_RECALL), s));
            all.addAll(Metrics.create(List.of(JudgeMetric.CONTEXT_PRECISION), s, ContextPrecision.Mode.PER_CONTEXT));
            all.addAll(Metrics.ragasCompatible(List.of(JudgeMetric.values()), s));
            all.add(FactualCorrectness.of(s, FactualCorrectness.Mode.PRECISION));
            all.add(FactualCorrectness.of(s, FactualCorrectness.Mode.RECALL));
            List<JudgeInput> cells = cells();
            for (Judge m : all) {
                String key = m.metric() + " " + PROMPT_HASH.matcher(m.version()).replaceAll("");
                String print = fingerprint(m, cells);
                String earlier = out.putIfAbsent(key, print);
                if (earlier != null && !earlier.equals(print)) {
                    clashes.add(key + " scores the fixed cells two ways (" + earlier + ", " + print + ")");
                }
            }
        }
        assertThat(clashes).as("versions that stand for two computations").isEmpty();
        return out;
    }

    private static String fingerprint(Judge metric, List<JudgeInput> cells) {
        StringBuilder sb = new StringBuilder();
        for (JudgeInput c : cells) {
            switch (metric.judge(c)) {
                case Judgement.Scored s -> sb.append(Double.toString(s.score()));
                case Judgement.Failed f -> sb.append("failed:").append(f.reason());
            }
            sb.append('\n');
        }
        try {
            byte[] sha =
                    MessageDigest.getInstance("SHA-256").digest(sb.toString().getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(sha, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static final String[] WORDS = {
        "turbine", "gearbox", "rotor", "blade", "tower", "brake", "shaft", "sensor", "grid", "bearing", "pitch", "yaw"
    };

    private static String sentence(Random rnd) {
        return "The " + WORDS[rnd.nextInt(WORDS.length)] + " moves the " + WORDS[rnd.nextInt(WORDS.length)] + ".";
    }

    private static String sentences(Random rnd, int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            out.add(sentence(rnd));
        }
        return String.join(" ", out);
    }

    /**
     * The fixed cells: generated ones with one to five statements, contexts and reference sentences,
     * and the edge cases every metric treats apart. They are inputs of every fingerprint: changing
     * them changes all of them.
     */
    static List<JudgeInput> cells() {
        Random rnd = new Random(20_261_206L);
        List<JudgeInput> out = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            List<String> contexts = new ArrayList<>();
            for (int k = 0; k < 1 + rnd.nextInt(5); k++) {
                contexts.add(sentences(rnd, 1 + rnd.nextInt(2)));
            }
            String reference = sentences(rnd, 1 + rnd.nextInt(4));
            String answer = rnd.nextInt(8) == 0 ? reference : sentences(rnd, 1 + rnd.nextInt(5));
            out.add(new JudgeInput(
                    "What moves part " + i + "?",
                    answer,
                    contexts,
                    reference,
                    List.of(contexts.get(rnd.nextInt(contexts.size())))));
        }
        String ref = "The rotor moves the shaft. The brake moves the grid.";
        out.add(new JudgeInput("q?", "The rotor moves the shaft.", List.of(ref), "", List.of(ref)));
        out.add(new JudgeInput("q?", "The rotor moves the shaft.", List.of(), ref, List.of()));
        out.add(new JudgeInput("q?", "", List.of(ref), ref, List.of(ref)));
        out.add(new JudgeInput("q?", "I don't know.", List.of(ref), ref, List.of(ref)));
        out.add(new JudgeInput("q?", ref + " And more.", List.of(ref, "The tower moves the yaw."), ref, List.of()));
        return out;
    }

    /**
     * A judge fixed for this test alone, so that nothing else's change moves a fingerprint: a text's
     * statements are its sentences, an item's verdict is 0 for one text in three (by its hash),
     * generated questions are built from the answer's words.
     */
    private static final class FrozenJudge implements LlmProvider {

        @Override
        public String modelName() {
            return "fake/frozen";
        }

        @Override
        public ChatOutcome chat(ChatRequest request) {
            String user = ScriptedLlm.prompt(request);
            String reply = switch (request.schema().map(ResponseSchema::name).orElse("")) {
                case "statements" -> statements(between(user, "TEXT:\n", "\n\nReply as"));
                case "verdicts" -> verdicts(user);
                case "usefulness" ->
                    "{\"reason\":\"r\",\"verdict\":" + verdict(between(user, "\n\nCONTEXT:\n", "\n\nReply as")) + "}";
                case "questions" -> questions(between(user, "ANSWER:\n", "\n\nReply as"));
                case "nuggets" -> nuggets(between(user, "REFERENCE ANSWER:\n", "\n\nSOURCE PASSAGES:"));
                case "nugget_support" -> nuggetLabels(user);
                default -> throw new AssertionError("unknown schema in " + request);
            };
            return new ChatOutcome.Completed(reply, TokenUsage.NONE);
        }

        private static int verdict(String text) {
            return Math.floorMod(text.strip().hashCode(), 3) == 0 ? 0 : 1;
        }

        private static String statements(String text) {
            List<String> quoted = new ArrayList<>();
            for (String s : text.split("(?<=[.!?])\\s+")) {
                if (!s.isBlank() && !s.contains("know")) {
                    quoted.add('"' + s.strip().replace("\"", "'") + '"');
                }
            }
            return "{\"statements\":[" + String.join(",", quoted) + "]}";
        }

        private static String verdicts(String user) {
            Matcher m = ITEM.matcher(user);
            List<String> out = new ArrayList<>();
            while (m.find()) {
                out.add("{\"index\":" + m.group(1) + ",\"reason\":\"r\",\"verdict\":" + verdict(m.group(2)) + "}");
            }
            return "{\"verdicts\":[" + String.join(",", out) + "]}";
        }

        /** A nugget per sentence, vital unless its hash says okay (one in three). */
        private static String nuggets(String reference) {
            List<String> out = new ArrayList<>();
            for (String s : reference.split("(?<=[.!?])\\s+")) {
                if (!s.isBlank() && !s.equals("(none)")) {
                    out.add("{\"text\":\"" + s.strip() + "\",\"importance\":\""
                            + (verdict(s + "importance") == 1 ? "vital" : "okay") + "\"}");
                }
            }
            return "{\"nuggets\":[" + String.join(",", out) + "]}";
        }

        /** A label per numbered nugget: support when the answer holds it, else by its hash. */
        private static String nuggetLabels(String user) {
            String answer = between(user, "ANSWER:\n", "\n\nNUGGETS:");
            Matcher m = ITEM.matcher(user.substring(user.lastIndexOf("NUGGETS:")));
            List<String> out = new ArrayList<>();
            while (m.find()) {
                String label = answer.contains(m.group(2).strip())
                        ? "support"
                        : verdict(m.group(2)) == 1 ? "partial_support" : "not_support";
                out.add("{\"index\":" + m.group(1) + ",\"reason\":\"r\",\"label\":\"" + label + "\"}");
            }
            return "{\"labels\":[" + String.join(",", out) + "]}";
        }

        private static String questions(String answer) {
            String[] words = answer.split("\\W+");
            List<String> out = new ArrayList<>();
            for (int i = 0; i < 3; i++) {
                out.add("{\"question\":\"What about " + words[Math.min(words.length - 1, 2 + i)] + "?\","
                        + "\"noncommittal\":" + (answer.contains("know") ? 1 : 0) + "}");
            }
            return "{\"questions\":[" + String.join(",", out) + "]}";
        }

        private static String between(String s, String start, String end) {
            int a = s.indexOf(start);
            int b = s.indexOf(end, Math.max(a, 0) + start.length());
            if (a < 0 || b < 0) {
                throw new AssertionError("no '" + start.strip() + "' section in " + s);
            }
            return s.substring(a + start.length(), b);
        }
    }

    /** Embeddings fixed for this test alone: letter counts folded into eight dimensions. */
    private static final class FrozenEmbeddings implements EmbeddingProvider {

        @Override
        public String modelName() {
            return "fake/letters";
        }

        @Override
        public int dimension() {
            return 8;
        }

        @Override
        public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
            List<float[]> out = new ArrayList<>();
            for (String t : texts) {
                float[] v = new float[8];
                for (char c : t.toLowerCase(java.util.Locale.ROOT).toCharArray()) {
                    if (Character.isLetter(c)) {
                        v[c % 8]++;
                    }
                }
                out.add(v);
            }
            return out;
        }
    }
}
