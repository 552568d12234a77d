package io.github.raglens.model;

import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.function.Function;

/** Reads and lists the labels of a closed set's members, for the sets' own {@code parse} and messages. */
final class Labels {

    private Labels() {}

    /**
     * The member whose label is {@code text}, ignoring case.
     *
     * @param what what the set is called in the message, e.g. {@code relevance}
     * @throws IllegalArgumentException naming the accepted labels
     */
    static <E> E parse(E[] members, Function<E, String> label, String text, String what) {
        Objects.requireNonNull(text, what);
        for (E m : members) {
            if (label.apply(m).equalsIgnoreCase(text)) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown " + what + " '" + text + "'; use " + of(members, label));
    }

    /** The labels as {@code a, b, c or d}. */
    static <E> String of(E[] members, Function<E, String> label) {
        List<String> labels = Arrays.stream(members).map(label).toList();
        if (labels.size() == 1) {
            return labels.getFirst();
        }
        return String.join(", ", labels.subList(0, labels.size() - 1)) + " or " + labels.getLast();
    }
}
