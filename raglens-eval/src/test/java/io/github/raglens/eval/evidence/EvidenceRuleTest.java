package io.github.raglens.eval.evidence;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.Chunk;
import io.github.raglens.result.QuestionExclusion;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class EvidenceRuleTest {

    private final EvidenceIndex corpus;

    EvidenceRuleTest() {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            chunks.add(EvidenceIndexTest.chunk(
                    i, "The tidal array. Turbine " + i + " exports 9 megawatts through its own subsea cable."));
        }
        corpus = EvidenceIndex.of(chunks);
    }

    @Test
    void check_namesTheFirstProblem_inOrder() {
        EvidenceRule rule = EvidenceRule.defaults();

        assertThat(rule.check("", corpus).problem()).contains(QuestionExclusion.NO_EVIDENCE);
        assertThat(rule.check("Turbine 7 exports 9 megawatts through its", corpus)
                        .problem())
                .contains(QuestionExclusion.EVIDENCE_NOT_FOUND);
        assertThat(rule.check("Turbine 3", corpus).problem()).contains(QuestionExclusion.EVIDENCE_TOO_SHORT);
        assertThat(rule.check("exports 9 megawatts through its own subsea", corpus)
                        .problem())
                .contains(QuestionExclusion.EVIDENCE_IN_MANY_CHUNKS);
        assertThat(rule.check("Turbine 3 exports 9 megawatts through its", corpus)
                        .problem())
                .isEmpty();
    }

    @Test
    void describe_givesTheFiguresAgainstTheThresholds() {
        EvidenceRule rule = EvidenceRule.defaults();

        assertThat(rule.check("Turbine 3", corpus).describe()).isEqualTo("ambiguous evidence: 2 words, fewer than 6");
        assertThat(rule.check("exports 9 megawatts through its own subsea", corpus)
                        .describe())
                .isEqualTo("ambiguous evidence: in 5 chunks of the corpus, more than 3");
        assertThat(rule.check("no such sentence anywhere in it", corpus).describe())
                .isEqualTo("evidence in no chunk of the corpus");
        assertThat(rule.check("Turbine 3 exports 9 megawatts through its", corpus)
                        .describe())
                .isEmpty();
    }

    @Test
    void keepAmbiguous_keepsAmbiguousQuotesOnly() {
        EvidenceRule keep = new EvidenceRule(6, 3, true);

        assertThat(keep.check("Turbine 3", corpus).usable()).isTrue();
        assertThat(keep.check("exports 9 megawatts through its own subsea", corpus)
                        .usable())
                .isTrue();
        assertThat(keep.check("no such sentence anywhere in it", corpus).usable())
                .isFalse();
        assertThat(keep.check("", corpus).usable()).isFalse();
        assertThat(EvidenceRule.defaults().check("Turbine 3", corpus).usable()).isFalse();
        assertThat(new EvidenceRule(2, 5, false).check("Turbine 3", corpus).problem())
                .isEqualTo(Optional.empty());
    }

    @Test
    void thresholdsBelowOne_areRejected() {
        assertThatThrownBy(() -> new EvidenceRule(0, 3, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minWords must be >= 1, was 0");
        assertThatThrownBy(() -> new EvidenceRule(6, 0, false))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxChunks must be >= 1, was 0");
    }
}
