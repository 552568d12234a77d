package io.github.raglens.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class GateOptionsTest {

    @Test
    void badValues_areRefusedEachAsItIsSet_andTogetherAtBuild() {
        assertThatThrownBy(() -> GateOptions.builder().alpha(1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("alpha must be in (0, 1), was 1.0");
        assertThatThrownBy(() -> GateOptions.builder().permutations(99))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("permutations must be at least 100, was 99");
        assertThatThrownBy(() -> GateOptions.builder().catchingDropsOf(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the drop to catch must be in (0, 1], was 0.0");
        assertThatThrownBy(() -> GateOptions.builder()
                        .minEffect(0.05)
                        .catchingDropsOf(0.05)
                        .build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("the drop to catch, 0.05, must exceed the minimum effect 0.05: the gate fails only drops"
                        + " beyond the minimum effect, so a drop of it fails at most half the time");
    }

    @Test
    void minEffectOutOfRange_andASecondSetting_areRefused() {
        assertThatThrownBy(() -> GateOptions.builder().minEffect(1.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("minEffect must be in [0, 1], was 1.5");
        assertThatThrownBy(() -> GateOptions.builder().alpha(0.1).alpha(0.2))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("alpha was already set to 0.1; set it once");
    }

    @Test
    void theOptions_holdWhatWasSet_andTheDefaultsOtherwise() {
        GateOptions o = GateOptions.builder()
                .metrics(List.of("ndcg@10"))
                .minEffect(0.01)
                .catchingDropsOf(0.1)
                .build();
        assertThat(o.toString())
                .isEqualTo("GateOptions{metrics=[ndcg@10], minEffect=0.01, alpha=0.05, permutations=10000,"
                        + " catchingDropsOf=0.1}");
        assertThat(GateOptions.defaults().toString())
                .isEqualTo("GateOptions{metrics=headline, minEffect=0.02, alpha=0.05, permutations=10000}");
    }
}
