package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.result.IndexResult;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code raglens index}: embeds the workspace's {@code chunks.jsonl} and indexes text and
 * vectors into {@code <workspace>/index}, through the facade's index stage. A rerun does nothing when
 * the index's last run finished with the same chunks and vectors, resumes a stopped run, and rebuilds
 * the index when the chunks, the embedding model or its settings changed.
 */
@Command(
        name = "index",
        mixinStandardHelpOptions = true,
        description = {
            "Embed the chunks of <workspace>/chunks.jsonl (written by ingest) and index text (BM25) and vectors"
                    + " (HNSW) into <workspace>/index. A rerun does nothing when the index is current, resumes a"
                    + " stopped run, and rebuilds the index when the chunks, the embedding model or its settings"
                    + " changed."
        })
final class IndexCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--docs",
            paramLabel = "DIR",
            description = "The corpus folder that was ingested; optional, index reads <workspace>/chunks.jsonl and"
                    + " names the folder only in its hints.")
    Path docs;

    @CommandLine.Mixin
    BackendOption backend;

    @Option(
            names = "--embedding-provider",
            paramLabel = "PROVIDER",
            defaultValue = "onnx",
            description = "onnx (local, no key), ollama or openai (default: ${DEFAULT-VALUE}). benchmark and"
                    + " evaluate must embed queries with the same provider and model.")
    ProviderKind embeddingProvider;

    @Option(
            names = "--embedding-model",
            paramLabel = "NAME",
            description = "Embedding model (default per provider: bge-small-en-v1.5, nomic-embed-text,"
                    + " text-embedding-3-small; onnx also has all-MiniLM-L6-v2).")
    String embeddingModel;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (docs != null && !Files.isDirectory(docs)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--docs " + docs + " is not a folder; pass the folder you ingested");
        }
        RagLens lens = backend.applyTo(Lenses.builder(parent))
                .embeddings(Lenses.embeddings(spec, embeddingProvider, embeddingModel))
                .build();
        Path chunksFile = lens.workspace().chunks();
        if (!Files.isRegularFile(chunksFile)) {
            err.println("raglens: no chunks at " + chunksFile + "; run first: "
                    + parent.retype("ingest --docs " + (docs == null ? "DIR" : RaglensCli.word(docs))));
            return 1;
        }
        IndexResult r;
        try (StageProgress progress = new StageProgress(parent)) {
            r = lens.index(progress);
        }
        spec.commandLine()
                .getOut()
                .printf(
                        Locale.ROOT,
                        "index %s: %,d chunks (%s), model %s, dimension %d%n",
                        backend.where(lens),
                        r.chunks(),
                        !r.rebuilt()
                                ? "already current"
                                : "indexed in " + r.milliseconds() / 1000 + " s"
                                        + (r.reused() > 0 ? ", " + r.reused() + " reused from the stopped run" : ""),
                        r.embeddingModel(),
                        r.dimension());
        if (r.truncatedChunks() > 0) {
            spec.commandLine()
                    .getOut()
                    .printf(
                            Locale.ROOT,
                            "index: %,d chunks are longer than the input of model %s; their vectors stand for"
                                    + " their beginning only%n",
                            r.truncatedChunks(),
                            r.embeddingModel());
        }
        if (r.windowedChunks() > 0) {
            spec.commandLine()
                    .getOut()
                    .printf(
                            Locale.ROOT,
                            "index: %,d chunks are longer than the input of model %s; each vector is the mean of"
                                    + " windows that cover the whole chunk%n",
                            r.windowedChunks(),
                            r.embeddingModel());
        }
        return 0;
    }
}
