package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The step faithfulness and context recall share: the statements of a text (the
 * answer's or the reference's), then one verdict per statement against the retrieved contexts, and
 * the share supported as the score.
 *
 * <p>When a step checks both sides, the answer's and the reference's statements of one cell are
 * judged in one call against the same contexts, so the two metrics cost one verdict call per cell
 * instead of two. The verdict of a statement depends only on the statement and the premise, so the
 * batch changes the number of calls, not what is asked. If the other side has no statements (no
 * reference, an answer that claims nothing) or its extraction fails, a side is checked alone: one
 * metric's failure never fails the other. Thread-safe.
 */
final class ContextSupport {

    /** Whose statements are checked against the contexts. */
    enum Side {
        /** The generated answer's statements (faithfulness). */
        ANSWER(
                "the answer makes no factual statement",
                "no contexts were retrieved, so no statement is supported",
                " statements supported by the contexts"),
        /** The reference answer's statements (context recall). */
        REFERENCE(
                "the reference answer makes no factual statement",
                "no contexts were retrieved, so no reference statement is attributed",
                " reference statements found in the contexts");

        private final String noStatements;
        private final String noContexts;
        private final String found;

        Side(String noStatements, String noContexts, String found) {
            this.noStatements = noStatements;
            this.noContexts = noContexts;
            this.found = found;
        }

        String text(JudgeInput in) {
            return this == ANSWER ? in.answer() : in.reference();
        }

        Side other() {
            return this == ANSWER ? REFERENCE : ANSWER;
        }
    }

    private final JudgeSession session;
    private final Set<Side> sides;

    private ContextSupport(JudgeSession session, Set<Side> sides) {
        this.session = Objects.requireNonNull(session, "session");
        if (sides.isEmpty()) {
            throw new IllegalArgumentException("a context support step needs at least one side");
        }
        this.sides = Set.copyOf(EnumSet.copyOf(sides));
    }

    /** A step checking the given sides; with both, their statements go in one verdict call per cell. */
    static ContextSupport of(JudgeSession session, Set<Side> sides) {
        return new ContextSupport(session, sides);
    }

    /** This step for repeat {@code r} of every judgement; see {@link JudgeSession#repeat}. */
    ContextSupport repeat(int r) {
        return new ContextSupport(session.repeat(r), sides);
    }

    /** Whether this step checks the side. */
    boolean checks(Side side) {
        return sides.contains(side);
    }

    /** Whether this step judges both sides of a cell in one call. */
    boolean batchesBothSides() {
        return sides.size() == 2;
    }

    /**
     * Scores one side of a cell: the share of its statements the contexts support.
     *
     * @param in the cell
     * @param side the side to score; must be one of this step's sides
     * @return the score with its verdicts, or {@code no-statements} and the call failures
     */
    Judgement score(JudgeInput in, Side side) {
        if (!sides.contains(side)) {
            throw new IllegalArgumentException("this step does not check the " + side + " side");
        }
        return Decomposition.guard(() -> {
            boolean batch = batchesBothSides()
                    && !in.contexts().isEmpty()
                    && !side.other().text(in).isBlank();
            List<String> own;
            List<String> other;
            if (batch) {
                var both = Parallel.both(() -> statements(in, side), () -> otherStatementsOrNone(in, side.other()));
                own = both.first();
                other = both.second();
            } else {
                own = statements(in, side);
                other = List.of();
            }
            if (own.isEmpty()) {
                return new Judgement.Failed("no-statements", side.noStatements);
            }
            if (in.contexts().isEmpty()) {
                return new Judgement.Scored(0, side.noContexts);
            }
            List<Verdict> verdicts = verdicts(in, side, own, other);
            int supported = Decomposition.count(verdicts);
            return new Judgement.Scored(
                    (double) supported / verdicts.size(),
                    Decomposition.explain(supported + " of " + verdicts.size() + side.found, own, verdicts));
        });
    }

    /**
     * The calls of the reference's side that read no answer: the reference's statements, and, when
     * this step checks the reference alone, their verdicts against the contexts (with both sides, the
     * verdict call holds the answer's statements too).
     */
    void askBeforeAnswer(String question, String reference, List<String> contexts) {
        if (!checks(Side.REFERENCE) || reference.isBlank()) {
            return;
        }
        List<String> own = Decomposition.statements(session, question, reference);
        if (!batchesBothSides() && !own.isEmpty() && !contexts.isEmpty()) {
            Decomposition.support(session, own, "CONTEXT", String.join("\n\n", contexts));
        }
    }

    private List<String> statements(JudgeInput in, Side side) {
        return Decomposition.statements(session, in.question(), side.text(in));
    }

    /** The other side's statements for the batch; none when they cannot be had. */
    private List<String> otherStatementsOrNone(JudgeInput in, Side other) {
        try {
            return statements(in, other);
        } catch (CellFailure f) {
            return List.of();
        }
    }

    /** The verdicts of {@code own}; with {@code other} statements, both judged in one call. */
    private List<Verdict> verdicts(JudgeInput in, Side side, List<String> own, List<String> other) {
        String premise = String.join("\n\n", in.contexts());
        if (other.isEmpty()) {
            return Decomposition.support(session, own, "CONTEXT", premise);
        }
        // The answer's statements first, then the reference's: the same call whichever side asks.
        List<String> all = new ArrayList<>(own.size() + other.size());
        all.addAll(side == Side.ANSWER ? own : other);
        all.addAll(side == Side.ANSWER ? other : own);
        List<Verdict> v = Decomposition.support(session, all, "CONTEXT", premise);
        return side == Side.ANSWER ? v.subList(0, own.size()) : v.subList(other.size(), all.size());
    }
}
