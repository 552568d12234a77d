package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Rows;
import java.util.List;
import java.util.regex.Pattern;

/** Rows of a table that a chart's labels do not make: a label, then its figures. */
final class LabelledRows {

    /** Three letters in a row: a word, not a placeholder for a figure ("n.a.", "..", "(X)"). */
    private static final Pattern LETTERS = Pattern.compile("\\p{L}{3}");

    private LabelledRows() {}

    /**
     * Rows of a label in one cell, then, a cell apart, two or more figures and no further words ("Road
     * upkeep  31,062  10,009  n.a."; figure columns may stand closer than a cell gap when a long label
     * squeezes them): a table's rows, where a chart's labels are numbers alone or words, a row of two
     * tables side by side goes on with the other table's label, and a line of text in the next column
     * is a cell of its own before the label.
     */
    static int count(List<List<Word>> rows) {
        int n = 0;
        for (List<Word> row : rows) {
            int figures = 0;
            boolean apartFromLabel = false;
            boolean labelInCells = false;
            boolean wordAfter = false;
            for (int i = 1; i < row.size(); i++) {
                Word w = row.get(i);
                if (w.figure()) {
                    apartFromLabel |= figures == 0 && (row.get(i - 1).leader() || Rows.cellGap(row.get(i - 1), w));
                    figures++;
                } else if (figures > 0 && LETTERS.matcher(w.text()).find()) {
                    wordAfter = true;
                } else if (figures == 0 && !w.leader() && !row.get(i - 1).leader() && Rows.cellGap(row.get(i - 1), w)) {
                    labelInCells = true;
                }
            }
            boolean labelled = !row.getFirst().figure() && !row.getFirst().leader() && !labelInCells;
            n += labelled && apartFromLabel && figures >= 2 && !wordAfter ? 1 : 0;
        }
        return n;
    }
}
