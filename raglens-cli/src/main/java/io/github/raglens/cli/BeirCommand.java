package io.github.raglens.cli;

import io.github.raglens.BeirOptions;
import io.github.raglens.RagLens;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.result.BeirResult;
import io.github.raglens.result.BeirScore;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code raglens beir DATASET_DIR}: indexes a BEIR-format corpus, runs the judged queries through each
 * retriever, prints nDCG@10, Recall@100 and MRR@10 (as trec_eval computes them) and writes one TREC run
 * file per retriever.
 */
@Command(
        name = "beir",
        mixinStandardHelpOptions = true,
        description = {
            "Evaluate retrievers on a BEIR-format dataset (corpus.jsonl, queries.jsonl, qrels/test.tsv).",
            "Prints nDCG@10, Recall@100 and MRR@10 per retriever and writes a TREC run file per retriever to"
                    + " <workspace>/beir/<dataset>/runs/. Vectors are kept in <workspace>/beir/<dataset>/<model>/"
                    + " and reused by later runs."
        })
final class BeirCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @CommandLine.Mixin
    BackendOption backend;

    @Parameters(index = "0", paramLabel = "DATASET_DIR", description = "The BEIR dataset folder.")
    Path dataset;

    @Option(
            names = "--retrievers",
            split = ",",
            paramLabel = "LIST",
            defaultValue = "bm25,dense,hybrid",
            description = "Retrievers to evaluate (default: ${DEFAULT-VALUE}); any of ${COMPLETION-CANDIDATES}.")
    List<RetrieverKind> retrievers;

    @Option(names = "--k1", defaultValue = "1.2", description = "BM25 k1 (default: ${DEFAULT-VALUE}).")
    float k1;

    @Option(names = "--b", defaultValue = "0.75", description = "BM25 b (default: ${DEFAULT-VALUE}).")
    float b;

    @Option(
            names = "--embedding-model",
            paramLabel = "NAME",
            description = "Local embedding model for dense retrieval (default: ${DEFAULT-VALUE}).")
    String embeddingModel = ProviderKind.ONNX.defaultEmbeddingModel();

    @Option(
            names = "--hits",
            defaultValue = "100",
            description = "Hits per query in the run files (default: ${DEFAULT-VALUE}).")
    int hits;

    @Option(names = "--split", defaultValue = "test", description = "The qrels split (default: ${DEFAULT-VALUE}).")
    String split;

    @Override
    public Integer call() {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        RagLens.Builder builder = backend.applyTo(Lenses.builder(parent));
        BeirOptions options;
        try {
            builder.retrievers(retrievers.toArray(RetrieverKind[]::new));
            options = new BeirOptions(split, hits, k1, b);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        // loaded only when the backend or a retriever needs vectors
        builder.embeddings(ProviderChoice.embeddings(
                spec, "--embedding-model", ProviderKind.ONNX, embeddingModel, Lenses.workingDirectory()));
        BeirResult r;
        try (StageProgress progress = new StageProgress(parent)) {
            r = builder.build().beir(dataset, options, progress);
        }
        note(err, "%s: %,d documents, %,d judged queries%n", r.dataset(), r.documents(), r.queries());
        if (r.reused() > 0) {
            note(err, "reused the vectors of %,d of %,d documents%s%n", r.reused(), r.documents(), " at " + r.index());
        }
        out.printf(
                Locale.ROOT,
                "%-14s %8s %10s %8s %10s  %s%n",
                "retriever",
                "nDCG@10",
                "Recall@100",
                "MRR@10",
                "p50 ms",
                "run file");
        for (BeirScore s : r.scores()) {
            out.printf(
                    Locale.ROOT,
                    "%-14s %8.4f %10.4f %8.4f %10.2f  %s%n",
                    s.retriever(),
                    s.ndcgAt10(),
                    s.recallAt100(),
                    s.mrrAt10(),
                    s.p50Millis(),
                    s.runFile());
        }
        out.flush();
        return 0;
    }

    private void note(PrintWriter err, String format, Object... args) {
        if (!parent.quiet) {
            err.printf(Locale.ROOT, format, args);
            err.flush();
        }
    }
}
