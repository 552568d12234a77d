package io.github.raglens.internal;

/** A text put on one line for a message: runs of white space made one space, cut after 300 characters. */
public final class OneLine {

    private static final int MAX = 300;

    private OneLine() {}

    /** The text on one line, at most 300 characters and an ellipsis. */
    public static String shortened(String text) {
        String oneLine = text.replaceAll("\\s+", " ");
        return oneLine.length() <= MAX ? oneLine : oneLine.substring(0, MAX) + "…";
    }
}
