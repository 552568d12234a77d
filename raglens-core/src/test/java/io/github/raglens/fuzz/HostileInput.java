package io.github.raglens.fuzz;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * What a reader may do with hostile input: read it, or refuse it with its documented error whose
 * message is one clear line. Anything else is a finding, thrown as an {@link AssertionError} (Jazzer
 * reports it and keeps the input): another exception (a {@code NullPointerException}, an {@code
 * IndexOutOfBoundsException}, an I/O error for a file that is there), a documented error whose message
 * is empty, spans lines or runs past {@value #MAX_MESSAGE} characters (a whole line of the file
 * pasted in), or memory past the {@link InputBudget}.
 */
public final class HostileInput {

    /** The longest message a refusal may have: one line a person reads, not a dump of the input. */
    public static final int MAX_MESSAGE = 1_000;

    private HostileInput() {}

    /**
     * Reads with the default budget.
     *
     * @param refusal the reader's documented error for bad input
     * @param read the reading of one input
     * @return what was read, or empty when the reader refused the input as it should
     */
    public static <T> Optional<T> readOrRefuse(Class<? extends Exception> refusal, Callable<T> read) {
        return readOrRefuse(refusal, InputBudget.DEFAULT, read);
    }

    /**
     * Reads within a budget.
     *
     * @param refusal the reader's documented error for bad input
     * @param budget the memory one input may cost
     * @param read the reading of one input
     * @return what was read, or empty when the reader refused the input as it should
     */
    public static <T> Optional<T> readOrRefuse(
            Class<? extends Exception> refusal, InputBudget budget, Callable<T> read) {
        return readOrRefuse(List.of(refusal), budget, read);
    }

    /**
     * Reads within a budget, for a reader with more than one documented error.
     *
     * @param refusals the reader's documented errors for bad input
     * @param budget the memory one input may cost
     * @param read the reading of one input
     * @return what was read, or empty when the reader refused the input as it should
     */
    public static <T> Optional<T> readOrRefuse(
            List<Class<? extends Exception>> refusals, InputBudget budget, Callable<T> read) {
        try {
            return Optional.ofNullable(budget.spend(read));
        } catch (AssertionError finding) {
            throw finding;
        } catch (Exception e) {
            if (refusals.stream().noneMatch(r -> r.isInstance(e))) {
                throw new AssertionError(
                        "finding: the reader threw " + e.getClass().getName() + " instead of "
                                + refusals.stream().map(Class::getSimpleName).toList() + ": " + e.getMessage(),
                        e);
            }
            checkMessage(e);
            return Optional.empty();
        }
    }

    /**
     * Checks that a refusal says what is wrong in one line.
     *
     * @throws AssertionError when the message is missing, blank, spans lines or is too long
     */
    public static void checkMessage(Exception refusal) {
        String m = refusal.getMessage();
        String problem = m == null || m.isBlank()
                ? "has no message"
                : m.indexOf('\n') >= 0 || m.indexOf('\r') >= 0
                        ? "spans lines"
                        : m.length() > MAX_MESSAGE ? "runs to " + m.length() + " characters" : null;
        if (problem != null) {
            throw new AssertionError(
                    "finding: the " + refusal.getClass().getSimpleName() + "'s message " + problem + ": " + m, refusal);
        }
    }
}
