package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.model.Judgement;
import io.github.raglens.spi.Judge;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The text metrics on hand-computed cases. */
class TextMetricTest {

    private static EvalCase c(String answer, String reference, List<String> contexts, List<String> sources) {
        return new EvalCase("bm25", "q1", "question?", answer, contexts, reference, sources);
    }

    private static double score(Judge m, EvalCase c) {
        Judgement j = m.judge(c.toJudgeInput());
        assertThat(j).isInstanceOf(Judgement.Scored.class);
        return ((Judgement.Scored) j).score();
    }

    @Test
    void rougeL_isTheLcsFMeasure() {
        // LCS of "the cat sat on the mat" and "the cat is on the mat" is 5 of 6 tokens each side.
        assertThat(TextScores.rougeL("The cat sat on the mat.", "the cat is on the mat"))
                .isCloseTo(5.0 / 6, within(1e-12));
        assertThat(TextScores.rougeL("", "x")).isZero();
    }

    @Test
    void bleu_scoresTheWholeAnswer_withBrevityPenaltyAndSmoothing() {
        // p1 5/6, p2 3/5, p3 1/4, p4 no match -> 1/(2*3); BP 1: (5/6 * 3/5 * 1/4 * 1/6)^(1/4)
        assertThat(TextScores.bleu("the cat sat on the mat", "the cat is on the mat"))
                .isCloseTo(Math.pow(5.0 / 6 * 3.0 / 5 * 1.0 / 4 * 1.0 / 6, 0.25), within(1e-12));
        String two = "Fact one is here. Fact two is there.";
        assertThat(TextScores.bleu(two, two)).isEqualTo(1.0);
        // The second sentence counts: a first sentence alone would score the same for both.
        assertThat(TextScores.bleu("Fact one is here. Fact two is there.", two))
                .isGreaterThan(TextScores.bleu("Fact one is here. Nothing else at all.", two));
        // Brevity: half the reference's length -> BP = exp(1 - 2).
        assertThat(TextScores.bleu("a b c d", "a b c d e f g h")).isCloseTo(Math.exp(-1), within(1e-12));
    }

    @Test
    void levenshteinSimilarity_isOneMinusNormalisedDistance() {
        assertThat(TextScores.levenshteinSimilarity("kitten", "sitting")).isCloseTo(1 - 3.0 / 7, within(1e-12));
        assertThat(TextScores.levenshteinSimilarity("", "")).isEqualTo(1.0);
        assertThat(TextScores.levenshteinSimilarity("abc", "")).isZero();
    }

    @Test
    void stringContextPrecisionAndRecall_againstTheSourceChunk() {
        EvalCase first = c("a", "r", List.of("abcdef", "xyz"), List.of("abcdeg"));
        EvalCase second = c("a", "r", List.of("xyz", "abcdef"), List.of("abcdeg"));
        assertThat(score(TextMetric.stringContextPrecision(), first)).isEqualTo(1.0);
        assertThat(score(TextMetric.stringContextPrecision(), second)).isEqualTo(0.5);
        assertThat(score(TextMetric.stringContextRecall(), second)).isEqualTo(1.0);
        assertThat(score(TextMetric.stringContextRecall(), c("a", "r", List.of("xyz"), List.of("abcdeg"))))
                .isZero();
        Judgement none = TextMetric.stringContextRecall()
                .judge(c("a", "r", List.of("xyz"), List.of()).toJudgeInput());
        assertThat(none)
                .isEqualTo(new Judgement.Failed("no-reference", "string context recall needs the source chunk"));
    }

    @Test
    void exactAndSubstringMatch() {
        assertThat(score(TextMetric.exactMatch(), c(" Paris ", "Paris", List.of(), List.of())))
                .isEqualTo(1.0);
        assertThat(score(TextMetric.exactMatch(), c("Paris, France", "Paris", List.of(), List.of())))
                .isZero();
        assertThat(score(TextMetric.substringMatch(), c("Paris, France", "Paris", List.of(), List.of())))
                .isEqualTo(1.0);
        assertThat(score(TextMetric.substringMatch(), c("Lyon", "Paris", List.of(), List.of())))
                .isZero();
    }
}
