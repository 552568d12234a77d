/**
 * Benchmarks retrievers, generates questions, answers them and judges the answers, with the
 * statistics, trec_eval measures and the regression gate behind the reports. Users reach all of it
 * through the facade ({@code RagLens}, and {@code JudgeMetrics} for an evaluation loop of their own),
 * so every package is exported to the facade (and raglens-junit) only and is not part of the API.
 */
// "module": the qualified exports name modules that are not observable when this one compiles.
@SuppressWarnings("module")
module io.github.raglens.eval {
    requires transitive io.github.raglens.core;
    requires com.fasterxml.jackson.annotation;
    requires com.fasterxml.jackson.core;
    requires com.fasterxml.jackson.databind;
    requires org.slf4j;

    // The regression gate runs from core's GateOptions; it is in the baseline package, exported to
    // the facade and raglens-junit alone.
    exports io.github.raglens.eval to
            io.github.raglens;
    exports io.github.raglens.eval.answers to
            io.github.raglens;
    exports io.github.raglens.eval.baseline to
            io.github.raglens,
            io.github.raglens.junit;
    exports io.github.raglens.eval.beir to
            io.github.raglens;
    exports io.github.raglens.eval.benchmark to
            io.github.raglens;
    exports io.github.raglens.eval.evidence to
            io.github.raglens;
    exports io.github.raglens.eval.judge to
            io.github.raglens;
    exports io.github.raglens.eval.pool to
            io.github.raglens;
    exports io.github.raglens.eval.questions to
            io.github.raglens;
    exports io.github.raglens.eval.sampling to
            io.github.raglens;
    exports io.github.raglens.eval.scoring to
            io.github.raglens;
    exports io.github.raglens.eval.stats to
            io.github.raglens;
    exports io.github.raglens.eval.trec to
            io.github.raglens;

    // Answers, scores, questions and judge calls are JSONL records Jackson reads and writes.
    opens io.github.raglens.eval.answers to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.eval.judge to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.eval.questions to
            com.fasterxml.jackson.databind;
    opens io.github.raglens.eval.scoring to
            com.fasterxml.jackson.databind;
}
