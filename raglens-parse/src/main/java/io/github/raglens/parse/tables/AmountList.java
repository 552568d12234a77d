package io.github.raglens.parse.tables;

import io.github.raglens.parse.glyphs.Word;
import io.github.raglens.parse.layout.Rows;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Lists of amounts without a caption: a short label and, far to its right, one amount per row, as a
 * withholding table lists each payroll period with its allowance.
 */
final class AmountList {

    /** Decimals or grouped thousands: a figure that is an amount, not a page or a year. */
    private static final Pattern AMOUNT = Pattern.compile("\\d[.,]\\d");

    private static final Pattern CURRENCY = Pattern.compile("[$€£]");

    private AmountList() {}

    /**
     * Whether five or more rows of a run are a list of amounts: a label, then far to its right one
     * amount with decimals or grouped thousands, the amounts' right edges in line ("Weekly  $ 71.15",
     * "Annually  3,700.00"). A table of contents has whole page numbers.
     */
    static boolean is(List<List<Word>> rows) {
        int amounts = 0;
        float right = Float.NaN;
        for (List<Word> row : rows) {
            Word amount = row.getLast();
            if (!afterLabel(row) || !Float.isNaN(right) && Math.abs(amount.x1() - right) > 2) {
                continue;
            }
            right = amount.x1();
            amounts++;
        }
        return amounts >= 5;
    }

    /**
     * Whether a row is a label of a few words in one run, then, over two ems to its right, an amount
     * with decimals or grouped thousands.
     */
    private static boolean afterLabel(List<Word> row) {
        Word amount = row.getLast();
        if (row.size() < 2 || !amount.figure() || !AMOUNT.matcher(amount.text()).find()) {
            return false;
        }
        int label = row.size() - 2;
        if (label > 0 && CURRENCY.matcher(row.get(label).text()).matches()) {
            label--; // "$ 71.15": the sign set apart from its amount
        }
        boolean led = false;
        while (label > 0 && row.get(label).leader()) {
            label--; // "Weekly ........ 71.15": dots lead from the label to its amount
            led = true;
        }
        Word last = row.get(label);
        List<Word> words = row.subList(0, label + 1);
        return !last.figure()
                && !last.leader()
                && words.size() <= 8
                && Rows.cells(words) == 1
                && (led || row.get(label + 1).x0() - last.x1() > 2 * amount.size());
    }
}
