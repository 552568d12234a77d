package io.github.raglens.model;

import java.util.Arrays;
import java.util.List;
import java.util.function.Function;

/** The labels of a closed set's members, listed for messages that name the accepted values. */
final class Labels {

    private Labels() {}

    /** The labels as {@code a, b, c or d}. */
    static <E> String of(E[] members, Function<E, String> label) {
        List<String> labels = Arrays.stream(members).map(label).toList();
        if (labels.size() == 1) {
            return labels.getFirst();
        }
        return String.join(", ", labels.subList(0, labels.size() - 1)) + " or " + labels.getLast();
    }

    /** The labels as {@code a, b, c, d}. */
    static <E> String joined(E[] members, Function<E, String> label) {
        return String.join(", ", Arrays.stream(members).map(label).toList());
    }
}
