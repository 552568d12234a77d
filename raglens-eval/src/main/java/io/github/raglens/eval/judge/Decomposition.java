package io.github.raglens.eval.judge;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.model.Judgement;
import java.text.BreakIterator;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The judge calls metrics share: statements of a text (extracted once per text, judge model and
 * prompt version, whichever metric asks first) and verdicts against a premise.
 */
final class Decomposition {

    private Decomposition() {}

    /** The standalone statements of a text; possibly empty. */
    static List<String> statements(JudgeSession s, String question, String text) {
        String key = Prompts.key(Prompts.STATEMENTS_VERSION, s.modelName(), question, text);
        return s.ask(key, Prompts.statements(question, text), Decomposition::readStatements);
    }

    /**
     * The claims of a text without the question (RAGAS's factual correctness decomposition); possibly
     * empty. A separate call from {@link #statements}, so the RAGAS-compatible mode never shares it.
     */
    static List<String> claims(JudgeSession s, String text) {
        String key = Prompts.key(Prompts.CLAIMS_VERSION, s.modelName(), text);
        return s.ask(key, Prompts.claims(text), Decomposition::readStatements);
    }

    /**
     * The sentences of a text, split without the judge ({@link BreakIterator}, root locale), as
     * RAGAS's context recall classifies the reference sentence by sentence; blank ones are dropped.
     */
    static List<String> sentences(String text) {
        BreakIterator it = BreakIterator.getSentenceInstance(Locale.ROOT);
        it.setText(text);
        List<String> out = new ArrayList<>();
        for (int start = it.first(), end = it.next(); end != BreakIterator.DONE; start = end, end = it.next()) {
            String sentence = text.substring(start, end).strip();
            if (!sentence.isEmpty()) {
                out.add(sentence);
            }
        }
        return List.copyOf(out);
    }

    /** One verdict per statement: does the premise support it. */
    static List<Verdict> support(JudgeSession s, List<String> statements, String premiseLabel, String premise) {
        String key =
                Prompts.key(Prompts.SUPPORT_VERSION, s.modelName(), supportInputs(premiseLabel, premise, statements));
        return s.ask(
                key,
                Prompts.support(statements, premiseLabel, premise),
                reply -> readVerdicts(reply, statements.size(), "statement"));
    }

    /**
     * What a verdict call's key hashes: the premise, the number of statements, then each statement as
     * an input of its own. {@link Prompts#key} length-prefixes every input, so two lists differ in
     * their keys whenever they differ (joined by a newline, {@code ["a\nb", "c"]} and {@code ["a",
     * "b\nc"]} were one key for two prompts); the count keeps these keys apart from those of call
     * caches written when the statements were joined, which are no longer found.
     */
    static String[] supportInputs(String premiseLabel, String premise, List<String> statements) {
        String[] inputs = new String[3 + statements.size()];
        inputs[0] = premiseLabel;
        inputs[1] = premise;
        inputs[2] = Integer.toString(statements.size());
        for (int i = 0; i < statements.size(); i++) {
            inputs[3 + i] = statements.get(i);
        }
        return inputs;
    }

    static List<String> readStatements(JsonNode reply) {
        JsonNode arr = reply.path("statements");
        if (!arr.isArray()) {
            throw new IllegalArgumentException("the judge's reply has no \"statements\" array");
        }
        List<String> out = new ArrayList<>();
        for (JsonNode n : arr) {
            if (!n.isTextual()) {
                throw new IllegalArgumentException("a statement in the judge's reply is not a string");
            }
            String t = n.asText().strip();
            if (!t.isEmpty()) {
                out.add(t);
            }
        }
        return List.copyOf(out);
    }

    /** Reads {@code {"verdicts":[{index, reason, verdict}]}}, exactly {@code expected} of them. */
    static List<Verdict> readVerdicts(JsonNode reply, int expected, String item) {
        return readIndexed(reply, "verdicts", expected, item, Decomposition::readVerdict);
    }

    /**
     * Reads the array {@code field} of a reply, exactly {@code expected} entries, each read by {@code
     * read}: in the order of their {@code index} fields when these number the entries 1..n, else in
     * the order given.
     */
    static <T> List<T> readIndexed(
            JsonNode reply, String field, int expected, String item, Function<JsonNode, T> read) {
        JsonNode arr = reply.path(field);
        if (!arr.isArray()) {
            throw new IllegalArgumentException("the judge's reply has no \"" + field + "\" array");
        }
        if (arr.size() != expected) {
            throw new IllegalArgumentException("the judge gave " + arr.size() + " " + field + " for " + expected + " "
                    + item + (expected == 1 ? "" : "s"));
        }
        List<T> byIndex = new ArrayList<>(Collections.nCopies(expected, null));
        boolean indexed = true;
        List<T> inOrder = new ArrayList<>(expected);
        for (JsonNode n : arr) {
            T v = read.apply(n);
            inOrder.add(v);
            int idx = n.path("index").asInt(0);
            if (idx < 1 || idx > expected || byIndex.get(idx - 1) != null) {
                indexed = false;
            } else {
                byIndex.set(idx - 1, v);
            }
        }
        return List.copyOf(indexed ? byIndex : inOrder);
    }

    static Verdict readVerdict(JsonNode n) {
        JsonNode v = n.path("verdict");
        if (!v.isIntegralNumber() || (v.asInt() != 0 && v.asInt() != 1)) {
            throw new IllegalArgumentException("a verdict in the judge's reply is not 0 or 1: " + v);
        }
        return new Verdict(v.asInt(), n.path("reason").asText(""));
    }

    /** Runs a metric's body, turning a cell failure into a {@link Judgement.Failed}. */
    static Judgement guard(Supplier<Judgement> body) {
        try {
            return body.get();
        } catch (CellFailure f) {
            return new Judgement.Failed(f.reason(), f.getMessage());
        }
    }

    static int count(List<Verdict> verdicts) {
        int n = 0;
        for (Verdict v : verdicts) {
            n += v.verdict();
        }
        return n;
    }

    /** A compact explanation: the verdicts with their items. */
    static String explain(String summary, List<String> items, List<Verdict> verdicts) {
        StringBuilder sb = new StringBuilder(summary);
        for (int i = 0; i < verdicts.size(); i++) {
            sb.append("\n[")
                    .append(verdicts.get(i).verdict())
                    .append("] ")
                    .append(i < items.size() ? abbreviate(items.get(i)) : "")
                    .append(" — ")
                    .append(verdicts.get(i).reason());
        }
        return sb.toString();
    }

    static String abbreviate(String s) {
        String t = s.replace('\n', ' ').strip();
        return t.length() <= 160 ? t : t.substring(0, 157) + "...";
    }
}
