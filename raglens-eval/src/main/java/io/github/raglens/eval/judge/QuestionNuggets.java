package io.github.raglens.eval.judge;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The nuggets of one question, one line of {@code nuggets.jsonl}: made once by the judge from the
 * reference answer and the question's source passages, shared by every system that answers the
 * question, and kept while the question, its reference and its sources are unchanged. A person's
 * edit is a new line for the same key (the latest wins), so the file keeps its history.
 *
 * @param key {@link #keyOf} the question, reference and sources the nuggets were made from
 * @param question the question
 * @param reference the reference answer
 * @param nuggets the nuggets, at most {@link #MAX} of them
 * @param madeBy the judge model that made them
 * @param promptVersion the version of the prompt that made them
 */
public record QuestionNuggets(
        String key, String question, String reference, List<Nugget> nuggets, String madeBy, String promptVersion) {

    /** The most nuggets the judge is asked for, and that a question may hold. */
    public static final int MAX = 20;

    /** Validates that no field is null, that ids are unique and that there are at most {@link #MAX}. */
    public QuestionNuggets {
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(question, "question");
        Objects.requireNonNull(reference, "reference");
        Objects.requireNonNull(madeBy, "madeBy");
        Objects.requireNonNull(promptVersion, "promptVersion");
        nuggets = List.copyOf(nuggets);
        if (nuggets.size() > MAX) {
            throw new IllegalArgumentException(
                    "a question holds at most " + MAX + " nuggets, this one " + nuggets.size());
        }
        Set<String> ids = new HashSet<>();
        for (Nugget n : nuggets) {
            if (!ids.add(n.id())) {
                throw new IllegalArgumentException("nugget id '" + n.id() + "' is used twice in question " + key);
            }
        }
    }

    /** The key of a question's nuggets: a digest of the question, its reference and its source passages. */
    public static String keyOf(String question, String reference, List<String> sources) {
        List<String> parts = new ArrayList<>();
        parts.add(question);
        parts.add(reference);
        parts.add(Integer.toString(sources.size()));
        parts.addAll(sources);
        return Prompts.digest(parts.toArray(String[]::new));
    }

    /**
     * A digest of the nuggets as they stand (ids, importance, texts): a score made from other nuggets
     * is made again.
     */
    public String basis() {
        List<String> parts = new ArrayList<>();
        for (Nugget n : nuggets) {
            parts.add(n.id());
            parts.add(n.importance().label());
            parts.add(n.text());
        }
        return Prompts.digest(parts.toArray(String[]::new));
    }

    /**
     * These nuggets with one replaced by a person's text and importance; the answers' assignments of
     * the old text no longer apply to it, those of the other nuggets stand.
     *
     * @throws IllegalArgumentException when no nugget has the id
     */
    public QuestionNuggets edited(String id, String text, Nugget.Importance importance) {
        List<Nugget> out = new ArrayList<>();
        boolean found = false;
        for (Nugget n : nuggets) {
            if (n.id().equals(id)) {
                found = true;
                boolean sameText = n.text().equals(text.strip());
                out.add(new Nugget(id, text, importance, sameText ? n.origin() : Nugget.BY_PERSON));
            } else {
                out.add(n);
            }
        }
        if (!found) {
            throw noSuchNugget(id);
        }
        return new QuestionNuggets(key, question, reference, out, madeBy, promptVersion);
    }

    /** These nuggets with a person's new one added under the next free id. */
    public QuestionNuggets added(String text, Nugget.Importance importance) {
        List<Nugget> out = new ArrayList<>(nuggets);
        Set<String> ids = new HashSet<>();
        nuggets.forEach(n -> ids.add(n.id()));
        int next = 1;
        while (ids.contains("n" + next)) {
            next++;
        }
        out.add(new Nugget("n" + next, text, importance, Nugget.BY_PERSON));
        return new QuestionNuggets(key, question, reference, out, madeBy, promptVersion);
    }

    /**
     * These nuggets without the one of this id.
     *
     * @throws IllegalArgumentException when no nugget has the id
     */
    public QuestionNuggets removed(String id) {
        List<Nugget> out = nuggets.stream().filter(n -> !n.id().equals(id)).toList();
        if (out.size() == nuggets.size()) {
            throw noSuchNugget(id);
        }
        return new QuestionNuggets(key, question, reference, out, madeBy, promptVersion);
    }

    private IllegalArgumentException noSuchNugget(String id) {
        return new IllegalArgumentException("question " + key + " has no nugget '" + id + "'; its nuggets are "
                + nuggets.stream().map(Nugget::id).toList());
    }
}
