package io.github.raglens.eval.judge;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.testkit.ScriptedLlm;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A scripted judge that reads what it is asked, unlike {@link SimulatedJudge}'s hashed verdicts: a
 * text splits into atomic statements at sentence ends, {@code ", and "} and {@code "; "}; a statement
 * is supported when every content word (four letters or more) occurs in the premise; a context is
 * useful when it supports one of the reference's statements. Its verdicts depend on the item and its
 * premise only, never on the wording of the prompt or on the other items, so two ways of asking that
 * judge the same items get the same verdicts and any difference in scores comes from the algorithm.
 */
final class LexicalJudge implements LlmProvider {

    private static final Pattern ITEM = Pattern.compile("(?m)^\\[(\\d+)] (.*)$");
    private static final Pattern PREMISE =
            Pattern.compile("(?s)\n\n(?:CONTEXT|REFERENCE|ANSWER):\n(.*)\n\nSTATEMENTS:\n");

    @Override
    public String modelName() {
        return "fake/lexical";
    }

    @Override
    public ChatOutcome chat(ChatRequest request) {
        String user = ScriptedLlm.prompt(request);
        String reply = switch (request.schema().map(s -> s.name()).orElse("")) {
            case "statements" -> statementsReply(between(user, "TEXT:\n", "\n\nReply as"));
            case "verdicts" -> verdictsReply(user);
            case "usefulness" ->
                "{\"reason\":\"lexical\",\"verdict\":"
                        + useful(
                                between(user, "REFERENCE ANSWER:\n", "\n\nCONTEXT:\n"),
                                between(user, "\n\nCONTEXT:\n", "\n\nReply as"))
                        + "}";
            case "questions" -> "{\"questions\":[{\"question\":\"What does it do?\",\"noncommittal\":0}]}";
            default -> throw new AssertionError("unknown schema in " + request);
        };
        return new ChatOutcome.Completed(reply, new TokenUsage(user.length() / 4, reply.length() / 4));
    }

    /** The atomic statements of a text. */
    static List<String> statements(String text) {
        List<String> out = new ArrayList<>();
        for (String sentence : text.split("(?<=[.!?])\\s+")) {
            for (String part : sentence.split(", and |; ")) {
                String t = part.strip().replaceAll("[.!?]$", "");
                if (!t.isEmpty()) {
                    out.add(t);
                }
            }
        }
        return out;
    }

    private static String statementsReply(String text) {
        StringBuilder sb = new StringBuilder("{\"statements\":[");
        List<String> parts = statements(text);
        for (int i = 0; i < parts.size(); i++) {
            sb.append(i == 0 ? "" : ",")
                    .append('"')
                    .append(parts.get(i).replace("\"", "'"))
                    .append('"');
        }
        return sb.append("]}").toString();
    }

    private static String verdictsReply(String user) {
        boolean usefulness = user.contains("\nCONTEXTS:\n");
        String reference = usefulness ? between(user, "REFERENCE ANSWER:\n", "\n\nCONTEXTS:\n") : "";
        String premise = "";
        if (!usefulness) {
            Matcher p = PREMISE.matcher(user);
            if (!p.find()) {
                throw new AssertionError("no premise in " + user);
            }
            premise = p.group(1);
        }
        String items = usefulness
                ? user.substring(user.indexOf("\nCONTEXTS:\n"))
                : user.substring(user.indexOf("\n\nSTATEMENTS:\n"));
        Matcher m = ITEM.matcher(items);
        StringBuilder sb = new StringBuilder("{\"verdicts\":[");
        int n = 0;
        while (m.find()) {
            int verdict = usefulness ? useful(reference, m.group(2)) : supported(m.group(2), premise);
            sb.append(n++ == 0 ? "" : ",")
                    .append("{\"index\":")
                    .append(m.group(1))
                    .append(",\"reason\":\"lexical\",\"verdict\":")
                    .append(verdict)
                    .append('}');
        }
        return sb.append("]}").toString();
    }

    static int supported(String statement, String premise) {
        return words(premise).containsAll(words(statement)) ? 1 : 0;
    }

    static int useful(String reference, String context) {
        for (String s : statements(reference)) {
            if (supported(s, context) == 1) {
                return 1;
            }
        }
        return 0;
    }

    private static Set<String> words(String text) {
        Set<String> out = new HashSet<>();
        for (String w : text.toLowerCase(Locale.ROOT).split("[^\\p{L}\\p{N}]+")) {
            if (w.length() >= 4) {
                out.add(w);
            }
        }
        return out;
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
