package io.github.raglens.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class ClosedSetsTest {

    @Test
    void relevance_parsesEveryLabel_ignoringCase_andNamesTheModesOfAnUnknownOne() {
        for (Relevance r : Relevance.values()) {
            assertThat(Relevance.parse(r.label())).isEqualTo(r);
            assertThat(r).hasToString(r.label());
        }
        assertThat(Relevance.parse("Evidence")).isEqualTo(Relevance.EVIDENCE);
        assertThatThrownBy(() -> Relevance.parse("page"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown relevance 'page'; use chunk, section, evidence or document");
    }

    @Test
    void relevance_needsTheSourceChunk_onlyForChunkAndSection() {
        assertThat(Relevance.values())
                .filteredOn(Relevance::needsSourceChunk)
                .containsExactly(Relevance.CHUNK, Relevance.SECTION);
    }

    @Test
    void judgeMetric_parsesEveryLabel_andNamesTheMetricsOfAnUnknownOne() {
        for (JudgeMetric m : JudgeMetric.values()) {
            assertThat(JudgeMetric.parse(m.label())).isEqualTo(m);
            assertThat(m).hasToString(m.label());
        }
        assertThatThrownBy(() -> JudgeMetric.parse("faithfullness"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown metric 'faithfullness'; choose from faithfulness, factual_correctness,"
                        + " context_precision, context_recall, response_relevancy, string_context_precision,"
                        + " string_context_recall, rouge_l, bleu, exact_match, substring_match");
    }

    @Test
    void judgeMetric_defaultsAreTheFourHeadlineJudgeMetrics_andOnlyTheLlmOnesUseTheJudge() {
        assertThat(JudgeMetric.defaults())
                .containsExactly(
                        JudgeMetric.FAITHFULNESS,
                        JudgeMetric.FACTUAL_CORRECTNESS,
                        JudgeMetric.CONTEXT_PRECISION,
                        JudgeMetric.CONTEXT_RECALL);
        assertThat(JudgeMetric.values())
                .filteredOn(JudgeMetric::usesJudge)
                .containsExactly(
                        JudgeMetric.FAITHFULNESS,
                        JudgeMetric.FACTUAL_CORRECTNESS,
                        JudgeMetric.CONTEXT_PRECISION,
                        JudgeMetric.CONTEXT_RECALL,
                        JudgeMetric.RESPONSE_RELEVANCY);
    }
}
