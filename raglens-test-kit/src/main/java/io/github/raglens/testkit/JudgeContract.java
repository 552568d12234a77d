package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every {@link Judge} promises. A judge's test implements this interface and supplies the judge
 * wired to a model that answers (a scripted fake, or a recorded one) and a few cells to score.
 */
public interface JudgeContract {

    /** The judge under test. */
    Judge judge();

    /** Cells the judge scores; the contract adds cells with an empty answer and no contexts. */
    List<JudgeInput> inputs();

    /** The metric name is lower snake case and the prompt version is not blank. */
    @Test
    default void metricAndVersion_areNamed() {
        assertThat(judge().metric()).matches("[a-z][a-z0-9_]*");
        assertThat(judge().version()).isNotBlank();
    }

    /** Every cell is scored in [0, 1] or failed with a reason. */
    @Test
    default void judge_givesAScoreInTheUnitInterval_orAFailureWithItsReason() {
        for (JudgeInput input : inputs()) {
            assertValid(judge().judge(input), input);
        }
    }

    /** An empty answer, or no contexts, is scored or failed, never thrown. */
    @Test
    default void judge_anEmptyAnswerOrNoContexts_isJudgedOrFailed_neverThrown() {
        JudgeInput any = inputs().get(0);
        for (JudgeInput odd : List.of(
                new JudgeInput(any.question(), "", any.contexts(), any.reference()),
                new JudgeInput(any.question(), any.answer(), List.of(), any.reference()))) {
            assertValid(judge().judge(odd), odd);
        }
    }

    /** Eight concurrent judgements are each valid. */
    @Test
    default void judge_isThreadSafe() throws Exception {
        Judge judge = judge();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<Judgement>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                JudgeInput input = inputs().get(i % inputs().size());
                futures.add(pool.submit(() -> judge.judge(input)));
            }
            for (int i = 0; i < futures.size(); i++) {
                assertValid(futures.get(i).get(), inputs().get(i % inputs().size()));
            }
        } finally {
            pool.shutdownNow();
        }
    }

    private static void assertValid(Judgement judgement, JudgeInput input) {
        assertThat(judgement).as("judgement of '%s'", input.question()).isNotNull();
        switch (judgement) {
            case Judgement.Scored s -> assertThat(s.score()).isBetween(0.0, 1.0);
            case Judgement.Failed f -> assertThat(f.reason()).isNotBlank();
        }
    }
}
