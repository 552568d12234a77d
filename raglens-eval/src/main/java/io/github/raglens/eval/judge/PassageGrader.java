package io.github.raglens.eval.judge;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.model.ChatRequest;
import java.util.Objects;

/**
 * Grades how well a passage answers a question on a 0–3 scale, for judged relevance: 0 unrelated,
 * 1 on the question's topic without answering it, 2 answering it in part, 3 answering it. One call
 * per (question, passage text), sent once however many systems returned the passage, cached and
 * batched like every judge call of the session.
 *
 * <p>Thread-safe.
 */
public final class PassageGrader {

    /** The highest grade: the passage answers the question. */
    public static final int MAX_GRADE = 3;

    /** The version of the grading prompt, recorded with the grades. */
    public static final String VERSION = Prompts.GRADE_VERSION;

    private final JudgeSession session;

    private PassageGrader(JudgeSession session) {
        this.session = Objects.requireNonNull(session, "session");
    }

    /** A grader asking the session's judge model. */
    public static PassageGrader of(JudgeSession session) {
        return new PassageGrader(session);
    }

    /**
     * A grade with the judge's reason.
     *
     * @param grade 0 to {@link #MAX_GRADE}
     * @param reason the judge's one-sentence reason
     */
    public record Graded(int grade, String reason) {
        /** Validates the grade's range. */
        public Graded {
            if (grade < 0 || grade > MAX_GRADE) {
                throw new IllegalArgumentException("a grade is 0 to " + MAX_GRADE + ", was " + grade);
            }
            Objects.requireNonNull(reason, "reason");
        }
    }

    /** The version of the grading prompt, {@link #VERSION}. */
    public String version() {
        return VERSION;
    }

    /** The judge model. */
    public String model() {
        return session.modelName();
    }

    /**
     * The passage's grade for the question.
     *
     * @throws CellFailure when no usable reply could be had
     * @throws RunStopped when the budget is spent or the run was stopped
     */
    public Graded grade(String question, String passage) {
        return session.ask(key(question, passage), Prompts.grade(question, passage), PassageGrader::read);
    }

    /** Whether the grade of this pair is in the session's call cache (it costs nothing then). */
    public boolean isCached(String question, String passage) {
        return session.isCached(key(question, passage));
    }

    /** The request grading the pair sends, for an estimate of its tokens. */
    public ChatRequest request(String question, String passage) {
        return Prompts.grade(question, passage);
    }

    private String key(String question, String passage) {
        return Prompts.key(Prompts.GRADE_VERSION, session.modelName(), question, passage);
    }

    static Graded read(JsonNode reply) {
        JsonNode g = reply.path("grade");
        if (!g.isIntegralNumber() || g.asInt() < 0 || g.asInt() > MAX_GRADE) {
            throw new IllegalArgumentException("the grade in the judge's reply is not 0, 1, 2 or 3: " + g);
        }
        return new Graded(g.asInt(), reply.path("reason").asText(""));
    }
}
