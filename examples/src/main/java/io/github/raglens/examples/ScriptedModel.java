package io.github.raglens.examples;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The offline stand-in for a chat model, behind the LangChain4j and Spring AI examples' scripted
 * models: as the application's model it answers with the retrieved sentence that shares most words
 * with the question; as the judge it splits a text into its sentences and supports a statement when
 * most of its words occur in the premise. Enough to run the whole evaluation without a server; a
 * real application plugs in its real model instead.
 */
final class ScriptedModel {

    private static final Pattern SENTENCE_END = Pattern.compile("(?<=[.!?])\\s+|\\n\\s*\\n");
    private static final Pattern TEXT = Pattern.compile("(?s)\\n\\nTEXT:\\n(.*)\\n\\nReply as");
    private static final Pattern PREMISE =
            Pattern.compile("(?s)reason first\\.\\n\\n[A-Z ]+:\\n(.*)\\n\\nSTATEMENTS:\\n(.*)\\nReply as");
    private static final Pattern NUMBERED = Pattern.compile("(?m)^\\[(\\d+)] (.*)$");

    private ScriptedModel() {}

    /**
     * The reply to a prompt.
     *
     * @param prompt all message texts of the request
     * @param schemaJson the JSON schema the reply must match, or null for a plain answer
     */
    static String reply(String prompt, String schemaJson) {
        if (schemaJson == null) {
            return answer(prompt);
        }
        if (schemaJson.contains("\"verdicts\"")) {
            return verdicts(prompt);
        }
        if (schemaJson.contains("\"statements\"")) {
            return statements(prompt);
        }
        return "{}";
    }

    private static String answer(String prompt) {
        List<String> sentences = sentences(prompt);
        String question = sentences.stream()
                .filter(s -> s.endsWith("?"))
                .reduce((first, last) -> last)
                .orElse(prompt);
        Set<String> asked = words(question);
        return sentences.stream()
                .filter(s -> s.endsWith("."))
                .max(Comparator.comparingLong(
                        s -> words(s).stream().filter(asked::contains).count()))
                .orElse("I do not know.");
    }

    private static String statements(String prompt) {
        Matcher m = TEXT.matcher(prompt);
        List<String> statements = m.find() ? sentences(m.group(1)) : List.of();
        return "{\"statements\": ["
                + statements.stream().map(ScriptedModel::quote).collect(Collectors.joining(", ")) + "]}";
    }

    private static String verdicts(String prompt) {
        Matcher m = PREMISE.matcher(prompt);
        if (!m.find()) {
            return "{\"verdicts\": []}";
        }
        Set<String> premise = words(m.group(1));
        List<String> verdicts = new ArrayList<>();
        Matcher numbered = NUMBERED.matcher(m.group(2));
        while (numbered.find()) {
            Set<String> claimed = words(numbered.group(2));
            long found = claimed.stream().filter(premise::contains).count();
            int verdict = !claimed.isEmpty() && found >= 0.6 * claimed.size() ? 1 : 0;
            verdicts.add("{\"index\": " + numbered.group(1) + ", \"reason\": \"" + found + " of " + claimed.size()
                    + " words are in the premise\", \"verdict\": " + verdict + "}");
        }
        return "{\"verdicts\": [" + String.join(", ", verdicts) + "]}";
    }

    private static List<String> sentences(String text) {
        return Arrays.stream(SENTENCE_END.split(text))
                .map(s -> s.replace('\n', ' ').strip())
                .filter(s -> !s.isEmpty())
                .toList();
    }

    private static Set<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+"))
                .filter(w -> w.length() > 3)
                .collect(Collectors.toSet());
    }

    private static String quote(String s) {
        return "\"" + s.replace("\\", "\\\\").replace("\"", "\\\"").replace("\t", " ") + "\"";
    }

    /** A rough token count of a text, for the usage the scripted models report. */
    static int tokens(String text) {
        return Math.max(1, text.length() / 4);
    }
}
