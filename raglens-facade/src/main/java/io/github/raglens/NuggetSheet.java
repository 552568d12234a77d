package io.github.raglens;

import io.github.raglens.eval.answers.AnswerGenerator;
import io.github.raglens.eval.answers.AnswerRecord;
import io.github.raglens.eval.judge.Nugget;
import io.github.raglens.eval.judge.NuggetAssignment;
import io.github.raglens.eval.judge.NuggetBook;
import io.github.raglens.eval.judge.QuestionNuggets;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.workspace.Workspace;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * One question's nuggets as the {@code nuggets} metrics use them, with the judge's label of each for
 * every system's answer: what a page shows for a person to check, and edits with {@link
 * Nuggets#edit}.
 *
 * @param key the key the nuggets are stored under in {@code nuggets.jsonl}, which edits name
 * @param questionId the question's id, empty when the question is no longer among the workspace's
 * @param question the question
 * @param nuggets the nuggets, in order
 */
public record NuggetSheet(String key, String questionId, String question, List<Item> nuggets) {

    /** Validates that no field is null and copies the list. */
    public NuggetSheet {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(questionId, "questionId");
        Objects.requireNonNull(question, "question");
        nuggets = List.copyOf(nuggets);
    }

    /**
     * One nugget and its labels.
     *
     * @param id its id within the question ({@code n1} …)
     * @param text the fact
     * @param vital whether it is vital (else okay)
     * @param origin {@code judge}, or {@code person} once a person wrote or edited it
     * @param labels the judge's label of it for each system's answer that has one
     */
    public record Item(String id, String text, boolean vital, String origin, List<Label> labels) {

        /** Validates that no field is null and copies the list. */
        public Item {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(origin, "origin");
            labels = List.copyOf(labels);
        }
    }

    /**
     * The judge's label of a nugget for one system's answer.
     *
     * @param system the system that answered
     * @param judgeModel the judge model
     * @param support {@code support}, {@code partial_support} or {@code not_support}
     * @param reason the judge's reason
     */
    public record Label(String system, String judgeModel, String support, String reason) {

        /** Validates that no field is null. */
        public Label {
            Objects.requireNonNull(system, "system");
            Objects.requireNonNull(judgeModel, "judgeModel");
            Objects.requireNonNull(support, "support");
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** Every question's nuggets with their labels, read without locking the workspace's files. */
    static List<NuggetSheet> read(Workspace ws, List<QuestionSample> questions) {
        List<QuestionNuggets> all = NuggetBook.read(ws.nuggets());
        if (all.isEmpty()) {
            return List.of();
        }
        Map<String, NuggetAssignment> labels = new HashMap<>();
        Set<String> models = new LinkedHashSet<>();
        for (NuggetAssignment a : NuggetBook.readAssignments(ws.nuggetAssignments())) {
            labels.put(a.key(), a);
            models.add(a.model());
        }
        Map<String, String> idOf = new HashMap<>();
        for (QuestionSample q : questions) {
            idOf.putIfAbsent(q.question() + '\u001f' + q.referenceAnswer(), q.id());
        }
        Map<String, List<AnswerRecord>> answersOf = new HashMap<>();
        for (AnswerRecord a : AnswerGenerator.read(ws.answers())) {
            if (a.isOk()) {
                answersOf
                        .computeIfAbsent(a.questionId(), id -> new ArrayList<>())
                        .add(a);
            }
        }
        List<NuggetSheet> out = new ArrayList<>();
        for (QuestionNuggets q : all) {
            String id = idOf.getOrDefault(q.question() + '\u001f' + q.reference(), "");
            List<Item> items = new ArrayList<>();
            for (Nugget n : q.nuggets()) {
                List<Label> of = new ArrayList<>();
                for (AnswerRecord a : answersOf.getOrDefault(id, List.of())) {
                    for (String model : models) {
                        NuggetAssignment l =
                                labels.get(NuggetAssignment.keyOf(model, q.question(), a.answer(), n.text()));
                        if (l != null) {
                            of.add(new Label(a.retriever(), model, l.support().label(), l.reason()));
                        }
                    }
                }
                items.add(new Item(n.id(), n.text(), n.vital(), n.origin(), of));
            }
            out.add(new NuggetSheet(q.key(), id, q.question(), items));
        }
        return out;
    }
}
