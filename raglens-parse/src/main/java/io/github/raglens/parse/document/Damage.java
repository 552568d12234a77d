package io.github.raglens.parse.document;

/** Where a document read in part says what is broken in its file and how much was read. */
public final class Damage {

    /** The metadata key of a document's damage: a one-line reason with the remedy. */
    public static final String KEY = "damaged";

    private Damage() {}
}
