package io.github.raglens.model;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Arrays;
import java.util.Locale;

/**
 * How raglens draws the cells people label to calibrate a judge. Either way the labelled cells of
 * one system are a uniform random sample of that system's scored cells, which is what a
 * prediction-powered estimate of the system's mean needs; written in lower case ({@code uniform},
 * {@code per-system}).
 */
public enum LabelDesign {
    /** Every scored cell of the metric in one seeded random order, whatever its system. */
    UNIFORM,
    /**
     * Each system's cells in a seeded random order of their own, taken in turn, so every system gets
     * the same number of labels (strata are the systems; within each the draw is uniform).
     */
    PER_SYSTEM;

    /** The design as files and the command line name it: {@code uniform} or {@code per-system}. */
    @JsonValue
    public String fileName() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /**
     * The design a file or option names, in any case.
     *
     * @throws IllegalArgumentException naming the accepted values, for any other text
     */
    @JsonCreator
    public static LabelDesign fromFileName(String name) {
        String given = name == null ? "" : name.strip();
        return Arrays.stream(values())
                .filter(d -> d.fileName().equalsIgnoreCase(given))
                .findFirst()
                .orElseThrow(
                        () -> new IllegalArgumentException("design must be uniform or per-system, was '" + name + "'"));
    }
}
