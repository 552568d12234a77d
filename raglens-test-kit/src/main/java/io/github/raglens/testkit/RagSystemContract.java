package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.spi.RagSystem;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every {@link RagSystem} promises. A system's test implements this interface and supplies the
 * system and questions it can answer from its corpus.
 */
public interface RagSystemContract {

    /** The system under test. */
    RagSystem system();

    /** Questions the system answers with at least one context. */
    List<String> questions();

    /** The system's name is 1 to 64 letters, digits, dots, dashes or underscores. */
    @Test
    default void name_isShortAndFileSafe() {
        assertThat(system().name()).matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");
    }

    /**
     * A declared version is not blank and stays the same while the system runs: answers are reused
     * while it holds, so it must change only when the system does.
     */
    @Test
    default void version_whenDeclared_isNotBlank_andStable() {
        RagSystem system = system();
        system.version().ifPresent(v -> assertThat(v).isNotBlank());
        assertThat(system.version()).isEqualTo(system.version());
    }

    /** Every question gets an answer and at least one context with text. */
    @Test
    default void answer_givesTextAndRankedContextsWithText() {
        for (String question : questions()) {
            RagAnswer answer = system().answer(question);
            assertThat(answer.answer()).as("answer to '%s'", question).isNotNull();
            assertThat(answer.contexts()).as("contexts for '%s'", question).isNotEmpty();
            for (RetrievedContext c : answer.contexts()) {
                assertThat(c.text()).isNotBlank();
                assertThat(c.page()).isNotNegative();
            }
        }
    }

    /** Eight concurrent questions each get contexts. */
    @Test
    default void answer_isThreadSafe() throws Exception {
        RagSystem system = system();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<RagAnswer>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String question = questions().get(i % questions().size());
                futures.add(pool.submit(() -> system.answer(question)));
            }
            for (Future<RagAnswer> f : futures) {
                assertThat(f.get().contexts()).isNotEmpty();
            }
        } finally {
            pool.shutdownNow();
        }
    }
}
