package io.github.raglens.eval.trec;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.InputBudget;
import io.github.raglens.fuzz.Scratch;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** A run for {@code raglens trec-eval} ({@code qid Q0 docid rank score runid} a line), every measure. */
class TrecRunFuzzTest {

    @HostileInputTest
    void evaluatesOrRefuses(FuzzedDataProvider data) {
        Path run = Scratch.file("run", data.consumeRemainingAsBytes());
        Path qrels = Scratch.write(
                run.resolveSibling("qrels"), "1 0 a 1\n1 0 b 0\n1 0 c 2\n2 0 c 1\n".getBytes(StandardCharsets.UTF_8));
        HostileInput.readOrRefuse(
                List.of(ParseException.class, IllegalArgumentException.class),
                InputBudget.DEFAULT,
                () -> TrecEval.evaluate(qrels, run, QrelsFuzzTest.EVERY_MEASURE));
    }
}
