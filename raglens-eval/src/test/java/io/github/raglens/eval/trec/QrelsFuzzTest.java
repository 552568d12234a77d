package io.github.raglens.eval.trec;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.error.ParseException;
import io.github.raglens.fuzz.HostileInput;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.InputBudget;
import io.github.raglens.fuzz.Scratch;
import io.github.raglens.result.TrecEvalOptions;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;

/** Qrels for {@code raglens trec-eval} ({@code qid iteration docid relevance} a line), every measure. */
class QrelsFuzzTest {

    static final TrecEvalOptions EVERY_MEASURE = new TrecEvalOptions(List.of("all_trec"), true, true, 1000, 1);

    @HostileInputTest
    void evaluatesOrRefuses(FuzzedDataProvider data) {
        Path qrels = Scratch.file("qrels", data.consumeRemainingAsBytes());
        Path run = Scratch.write(
                qrels.resolveSibling("run"),
                "1 Q0 a 1 0.9 r\n1 Q0 b 2 0.5 r\n2 Q0 c 1 1 r\n".getBytes(StandardCharsets.UTF_8));
        HostileInput.readOrRefuse(
                List.of(ParseException.class, IllegalArgumentException.class),
                InputBudget.DEFAULT,
                () -> TrecEval.evaluate(qrels, run, EVERY_MEASURE));
    }
}
