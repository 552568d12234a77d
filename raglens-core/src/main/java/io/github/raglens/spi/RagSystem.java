package io.github.raglens.spi;

import io.github.raglens.model.RagAnswer;
import java.util.Optional;

/**
 * A whole RAG system under test: it answers a question and says which contexts it used.
 *
 * <p>raglens's own pipeline (a {@link Retriever} plus an answer step) is one implementation; a
 * user's application (a LangChain4j or Spring AI pipeline, or a service reached over HTTP) is
 * another. Every judge metric and every report view works on any implementation.
 *
 * <p>Implementations must be thread-safe: the evaluation calls {@link #answer} for many questions
 * at once.
 */
public interface RagSystem {

    /** A short name used in files and reports, e.g. {@code my-app} or {@code hybrid}. */
    String name();

    /**
     * What version of the system answers: a release, a commit, a deployment's id; whatever changes
     * when its answers may. An evaluation reuses a system's recorded answers only while its version
     * stays the same. A system that declares none (the default) is asked anew on every run: raglens
     * cannot see whether it changed behind the same name or URL, and an old answer would be scored as
     * the system's current one.
     *
     * @return the version, or empty when the system declares none
     */
    default Optional<String> version() {
        return Optional.empty();
    }

    /**
     * Answers one question.
     *
     * @param question the user question; never null or blank
     * @return the answer and the ranked contexts it was built on (an empty list when the system
     *     used none)
     * @throws io.github.raglens.error.RagLensException when no answer could be obtained; the caller
     *     records the cell as failed with the exception's message and goes on with the others
     */
    RagAnswer answer(String question);
}
