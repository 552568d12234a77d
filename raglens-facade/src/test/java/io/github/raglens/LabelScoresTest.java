package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class LabelScoresTest {

    @Test
    void contextPrecision_isTheAveragePrecisionOfTheUsefulContextsInRankOrder() {
        // useful at ranks 1 and 3: (1/1 + 2/3) / 2
        assertThat(LabelScores.score("context_precision", List.of(1, 0, 1))).isCloseTo(5.0 / 6, within(1e-12));
        assertThat(LabelScores.score("context_precision", List.of(0, 1, 1))).isCloseTo(7.0 / 12, within(1e-12));
        assertThat(LabelScores.score("context_precision", List.of(0, 0))).isZero();
    }

    @Test
    void otherMetrics_takeTheShareOfItemsAnsweredYes() {
        assertThat(LabelScores.score("faithfulness", List.of(1, 0, 1, 1))).isEqualTo(0.75);
        assertThat(LabelScores.score("answer_correctness", List.of(1))).isEqualTo(1.0);
    }

    @Test
    void noAnswerOrAnAnswerOutsideYesNo_isRefused() {
        assertThatThrownBy(() -> LabelScores.score("faithfulness", List.of()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a label needs an answer for every item, got none");
        assertThatThrownBy(() -> LabelScores.score("faithfulness", List.of(1, 2)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("an answer must be 0 (no) or 1 (yes), was 2");
    }
}
