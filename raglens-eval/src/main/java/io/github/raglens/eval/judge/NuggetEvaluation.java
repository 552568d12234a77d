package io.github.raglens.eval.judge;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Nugget evaluation of an answer, as TREC's RAG tracks score answers: the judge lists a question's
 * nuggets (atomic facts, each vital or okay) once from its reference answer and source passages,
 * then labels, per answer, each nugget supported, partly supported or not; one of the four {@link
 * NuggetScore}s follows.
 *
 * <p>Calls: one per question for its nuggets, shared by every system and by the four scores, and
 * kept in the session's {@link NuggetBook}; one per answer labelling every nugget it has no label
 * for yet (the four scores share it). After a person edits a nugget, only that nugget is labelled
 * again, in a call of its own.
 *
 * <p>A cell with neither a reference nor a source passage fails with {@code no-reference}; a
 * question the judge finds no nugget for fails with {@code no-nuggets}; a vital score of a question
 * without a vital nugget fails with {@code no-vital-nuggets}. Thread-safe.
 */
final class NuggetEvaluation implements Judge, ScoreBasis {

    /**
     * The version of this metric's arithmetic; part of {@link #version()}, raised with any change to
     * how a score follows from the labels ({@code MetricFingerprintTest}).
     */
    static final String ARITHMETIC = "nuggets-1";

    private final JudgeSession session;
    private final NuggetScore score;

    private NuggetEvaluation(JudgeSession session, NuggetScore score) {
        this.session = Objects.requireNonNull(session, "session");
        this.score = Objects.requireNonNull(score, "score");
    }

    /** The nugget score {@code score} judged in the session. */
    static NuggetEvaluation of(JudgeSession session, NuggetScore score) {
        return new NuggetEvaluation(session, score);
    }

    NuggetScore score() {
        return score;
    }

    @Override
    public String metric() {
        return score.metric();
    }

    @Override
    public String version() {
        return Prompts.NUGGETS_VERSION + "+" + Prompts.NUGGET_SUPPORT_VERSION + "+" + ARITHMETIC;
    }

    @Override
    public String basis(JudgeInput in) {
        return session.nuggets().nuggets(keyOf(in)).map(QuestionNuggets::basis).orElse("");
    }

    @Override
    public Judgement judge(JudgeInput in) {
        if (in.reference().isBlank() && in.referenceContexts().isEmpty()) {
            return new Judgement.Failed(
                    "no-reference", "nugget evaluation needs a reference answer or the question's source passage");
        }
        return Decomposition.guard(() -> {
            QuestionNuggets q = nuggets(in);
            if (q.nuggets().isEmpty()) {
                return new Judgement.Failed(
                        "no-nuggets", "the judge found no nugget in the reference answer and source passages");
            }
            List<NuggetAssignment> labels = labels(q, in.question(), in.answer());
            List<NuggetSupport> support =
                    labels.stream().map(NuggetAssignment::support).toList();
            OptionalDouble value = score.of(q.nuggets(), support);
            if (value.isEmpty()) {
                return new Judgement.Failed(
                        "no-vital-nuggets",
                        "none of the question's " + q.nuggets().size() + " nuggets is vital, so " + metric()
                                + " is undefined; see nuggets_all");
            }
            return new Judgement.Scored(value.getAsDouble(), explain(value.getAsDouble(), q.nuggets(), labels));
        });
    }

    /** The question's nuggets: kept in the book, else made by the judge and kept. */
    QuestionNuggets nuggets(JudgeInput in) {
        String key = keyOf(in);
        return session.nuggets().keptOrMade(key, () -> {
            List<Nugget> made = session.ask(
                    extractionKey(session.modelName(), in.question(), in.reference(), in.referenceContexts()),
                    Prompts.nuggets(in.question(), in.reference(), in.referenceContexts()),
                    NuggetEvaluation::readNuggets);
            return new QuestionNuggets(
                    key, in.question(), in.reference(), made, session.modelName(), Prompts.NUGGETS_VERSION);
        });
    }

    /** One label per nugget, in order: kept ones, and the others asked of the judge in one call. */
    private List<NuggetAssignment> labels(QuestionNuggets q, String question, String answer) {
        NuggetBook book = session.nuggets();
        String model = session.modelName();
        // one labelling at a time per answer: a cell reading the book while another records its labels
        // saw some labelled, asked for the rest in a call of its own, and paid twice
        book.exclusively(NuggetAssignment.keyOf(model, question, answer, ""), () -> {
            label(book, model, q, question, answer);
            return null;
        });
        List<NuggetAssignment> out = new ArrayList<>();
        for (Nugget n : q.nuggets()) {
            out.add(book.assignment(NuggetAssignment.keyOf(model, question, answer, n.text()))
                    .orElseThrow());
        }
        return out;
    }

    /** Asks the judge for the labels the book does not hold yet, in one call, and records them. */
    private void label(NuggetBook book, String model, QuestionNuggets q, String question, String answer) {
        List<Nugget> unlabelled = unlabelled(book, model, q, question, answer);
        if (!unlabelled.isEmpty()) {
            List<String> texts = unlabelled.stream().map(Nugget::text).toList();
            List<Labelled> got = session.ask(
                    supportKey(model, question, answer, texts),
                    Prompts.nuggetSupport(question, answer, texts),
                    reply -> readLabels(reply, texts.size()));
            List<NuggetAssignment> made = new ArrayList<>();
            for (int i = 0; i < unlabelled.size(); i++) {
                Nugget n = unlabelled.get(i);
                made.add(new NuggetAssignment(
                        NuggetAssignment.keyOf(model, question, answer, n.text()),
                        q.key(),
                        n.id(),
                        n.text(),
                        got.get(i).support(),
                        got.get(i).reason(),
                        model));
            }
            book.record(made);
        }
    }

    /** The question's nuggets the book holds no label of for this answer. */
    static List<Nugget> unlabelled(NuggetBook book, String model, QuestionNuggets q, String question, String answer) {
        return q.nuggets().stream()
                .filter(n -> book.assignment(NuggetAssignment.keyOf(model, question, answer, n.text()))
                        .isEmpty())
                .toList();
    }

    static String keyOf(JudgeInput in) {
        return QuestionNuggets.keyOf(in.question(), in.reference(), in.referenceContexts());
    }

    static String extractionKey(String model, String question, String reference, List<String> sources) {
        List<String> inputs = new ArrayList<>();
        inputs.add(question);
        inputs.add(reference);
        inputs.add(Integer.toString(sources.size()));
        inputs.addAll(sources);
        return Prompts.key(Prompts.NUGGETS_VERSION, model, inputs.toArray(String[]::new));
    }

    static String supportKey(String model, String question, String answer, List<String> nuggets) {
        List<String> inputs = new ArrayList<>();
        inputs.add(question);
        inputs.add(answer);
        inputs.add(Integer.toString(nuggets.size()));
        inputs.addAll(nuggets);
        return Prompts.key(Prompts.NUGGET_SUPPORT_VERSION, model, inputs.toArray(String[]::new));
    }

    /** Reads {@code {"nuggets":[{text, importance}]}} into nuggets {@code n1, n2, …}. */
    static List<Nugget> readNuggets(JsonNode reply) {
        JsonNode arr = reply.path("nuggets");
        if (!arr.isArray()) {
            throw new IllegalArgumentException("the judge's reply has no \"nuggets\" array");
        }
        if (arr.size() > QuestionNuggets.MAX) {
            throw new IllegalArgumentException(
                    "the judge gave " + arr.size() + " nuggets; give at most " + QuestionNuggets.MAX);
        }
        List<Nugget> out = new ArrayList<>();
        for (JsonNode n : arr) {
            String text = n.path("text").asText("").strip();
            if (!text.isEmpty()) {
                out.add(new Nugget(
                        "n" + (out.size() + 1),
                        text,
                        Nugget.Importance.parse(n.path("importance").asText("")),
                        Nugget.BY_JUDGE));
            }
        }
        return List.copyOf(out);
    }

    /** A label as the judge gave it. */
    record Labelled(NuggetSupport support, String reason) {}

    /** Reads {@code {"labels":[{index, reason, label}]}}, exactly {@code expected} of them. */
    static List<Labelled> readLabels(JsonNode reply, int expected) {
        return Decomposition.readIndexed(
                reply,
                "labels",
                expected,
                "nugget",
                n -> new Labelled(
                        NuggetSupport.parse(n.path("label").asText("")),
                        n.path("reason").asText("")));
    }

    private String explain(double value, List<Nugget> nuggets, List<NuggetAssignment> labels) {
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT, "%s %.4f over %d nuggets (%d vital)", metric(), value, nuggets.size(), vital(nuggets)));
        for (int i = 0; i < nuggets.size(); i++) {
            Nugget n = nuggets.get(i);
            NuggetAssignment a = labels.get(i);
            sb.append("\n[")
                    .append(n.id())
                    .append(' ')
                    .append(n.importance().label())
                    .append(", ")
                    .append(a.support().label())
                    .append("] ")
                    .append(Decomposition.abbreviate(n.text()))
                    .append(" — ")
                    .append(a.reason());
        }
        return sb.toString();
    }

    private static long vital(List<Nugget> nuggets) {
        return nuggets.stream().filter(Nugget::vital).count();
    }

    @Override
    public String toString() {
        return metric();
    }
}
