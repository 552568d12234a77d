package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.result.TrecEvalOptions;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code raglens trec-eval QRELS RUN [-m MEASURE]…}: trec_eval's numbers and output lines. */
@Command(
        name = "trec-eval",
        description = {
            "Evaluate a TREC run file against qrels like trec_eval: same ranking (score descending, ties by"
                    + " document id descending), same measures, same output lines (measure, query or \"all\","
                    + " value).",
            "Measures: runid num_q num_ret num_rel num_rel_ret map gm_map Rprec bpref recip_rank"
                    + " iprec_at_recall P relstring recall infAP gm_bpref Rprec_mult utility 11pt_avg binG G ndcg"
                    + " ndcg_rel Rndcg ndcg_cut map_cut relative_P success set_P set_relative_P set_recall set_map"
                    + " set_F num_nonrel_judged_ret rbp rbp_resid unj; nicknames official (default), all_trec."
        },
        mixinStandardHelpOptions = true)
final class TrecEvalCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "QRELS", description = "Judgements: 'qid iteration docid relevance'.")
    Path qrels;

    @Parameters(index = "1", paramLabel = "RUN", description = "Run: 'qid Q0 docid rank score runid'.")
    Path run;

    @Option(
            names = "-m",
            paramLabel = "MEASURE",
            description =
                    "A measure, with optional parameters (P.5,10; ndcg_cut.10), or official/all_trec." + " Repeatable.")
    List<String> measures = new ArrayList<>();

    @Option(names = "-q", description = "Also print every query's values.")
    boolean perQuery;

    @Option(names = "-c", description = "Average over all queries of the qrels; missing ones retrieved nothing.")
    boolean complete;

    @Option(names = "-M", paramLabel = "N", description = "Evaluate only the top N documents of each query.")
    int maxDocs = Integer.MAX_VALUE;

    @Option(names = "-l", paramLabel = "LEVEL", description = "Smallest relevance value counted as relevant (1).")
    int relevanceLevel = 1;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() {
        TrecEvalOptions options;
        try {
            options = new TrecEvalOptions(measures, perQuery, complete, maxDocs, relevanceLevel);
            RagLens.checkTrecEvalOptions(options);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        List<String> lines;
        try {
            lines = RagLens.trecEval(qrels, run, options);
        } catch (IllegalArgumentException e) {
            spec.commandLine().getErr().println("raglens trec-eval: " + e.getMessage());
            return CommandLine.ExitCode.SOFTWARE;
        }
        PrintWriter out = spec.commandLine().getOut();
        for (String line : lines) {
            out.println(line);
        }
        out.flush();
        return CommandLine.ExitCode.OK;
    }
}
