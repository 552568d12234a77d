package io.github.raglens.error;

import java.io.Serial;
import java.util.Locale;

/**
 * A call was not sent because the run's budget is spent. Everything finished before it is kept, so
 * a later run with a larger budget resumes where this one stopped.
 */
public class BudgetSpentException extends RagLensException {
    @Serial
    private static final long serialVersionUID = 1L;

    private final double budgetUsd;

    /**
     * Creates an exception.
     *
     * @param budgetUsd the budget, in US dollars
     */
    public BudgetSpentException(double budgetUsd) {
        super(String.format(Locale.ROOT, "budget of $%.2f reached", budgetUsd));
        this.budgetUsd = budgetUsd;
    }

    /** The budget that was reached, in US dollars. */
    public double budgetUsd() {
        return budgetUsd;
    }
}
