package io.github.raglens.eval.judge;

import io.github.raglens.model.JudgeInput;
import io.github.raglens.spi.Judge;
import io.github.raglens.testkit.JudgeContract;
import io.github.raglens.testkit.SimulatedJudge;
import java.util.List;
import org.junit.jupiter.api.Nested;

/** The judge metrics keep the judge contract, each over the simulated judge model. */
class JudgeMetricsContractTests {

    static final List<JudgeInput> INPUTS = List.of(
            new JudgeInput(
                    "Below what current speed do the turbines stop?",
                    "The turbines stop below 0.8 metres per second. They restart when the tide turns.",
                    List.of(
                            "The turbines stop when the current falls below 0.8 m/s.",
                            "Maintenance happens every spring."),
                    "They stop below 0.8 metres per second."),
            new JudgeInput(
                    "How long is the sourdough proofed?",
                    "It proofs for twelve hours in the fridge.",
                    List.of("The dough proofs for 12 hours at 4 degrees."),
                    "Twelve hours, cold."));

    static JudgeSession session() {
        return JudgeSession.builder(SimulatedJudge.of()).build();
    }

    @Nested
    class Faithfulness implements JudgeContract {
        @Override
        public Judge judge() {
            return StatementSupport.faithfulness(session());
        }

        @Override
        public List<JudgeInput> inputs() {
            return INPUTS;
        }
    }

    @Nested
    class ContextRecall implements JudgeContract {
        @Override
        public Judge judge() {
            return StatementSupport.contextRecall(session());
        }

        @Override
        public List<JudgeInput> inputs() {
            return INPUTS;
        }
    }

    @Nested
    class FactualCorrectnessContract implements JudgeContract {
        @Override
        public Judge judge() {
            return FactualCorrectness.of(session());
        }

        @Override
        public List<JudgeInput> inputs() {
            return INPUTS;
        }
    }

    @Nested
    class ContextPrecisionContract implements JudgeContract {
        @Override
        public Judge judge() {
            return ContextPrecision.of(session());
        }

        @Override
        public List<JudgeInput> inputs() {
            return INPUTS;
        }
    }
}
