package io.github.raglens.eval.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.eval.baseline.RegressionGate;
import org.junit.jupiter.api.Test;

class GateOptionsTest {

    @Test
    void badValues_areRefusedWithTheGatesOwnRules_eachAsItIsSet_andTogetherAtBuild() {
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
    void theOptions_configureTheGate() {
        GateOptions o = GateOptions.builder()
                .minEffect(0.01)
                .alpha(0.1)
                .permutations(500)
                .catchingDropsOf(0.1)
                .build();
        assertThat(RegressionGate.of(o).toString())
                .contains("minEffect=0.01", "plannedDrop=0.1", "requireDetectable=true", "alpha=0.1");
    }
}
