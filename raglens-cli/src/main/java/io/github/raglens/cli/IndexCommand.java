package io.github.raglens.cli;

import com.fasterxml.jackson.databind.ObjectReader;
import io.github.raglens.error.IndexException;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.retrieval.LuceneIndex;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code raglens index --docs DIR}: embeds the workspace's {@code chunks.jsonl} and indexes text and
 * vectors into {@code <workspace>/index}. Resumable: chunks already indexed are skipped.
 */
@Command(
        name = "index",
        mixinStandardHelpOptions = true,
        description = {
            "Embed the chunks of <workspace>/chunks.jsonl (written by ingest) and index text (BM25) and vectors"
                    + " (HNSW) into <workspace>/index. A rerun indexes only chunks not yet indexed."
        })
final class IndexCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--docs", paramLabel = "DIR", required = true, description = "The corpus folder that was ingested.")
    Path docs;

    @Option(
            names = "--embedding-provider",
            paramLabel = "PROVIDER",
            defaultValue = "onnx",
            description = "Embedding provider (default: ${DEFAULT-VALUE}); this build embeds with onnx (local).")
    String embeddingProvider;

    @Option(
            names = "--embedding-model",
            paramLabel = "NAME",
            defaultValue = EmbeddingModels.DEFAULT,
            description = "Embedding model (default: ${DEFAULT-VALUE}).")
    String embeddingModel;

    @Override
    public Integer call() throws IOException {
        PrintWriter err = spec.commandLine().getErr();
        if (!embeddingProvider.equals("onnx")) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "embedding provider '" + embeddingProvider + "' is not available in this build; use"
                            + " --embedding-provider onnx");
        }
        if (!Files.isDirectory(docs)) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--docs " + docs + " is not a folder; pass the folder you ingested");
        }
        Path chunksFile = parent.workspace.resolve("chunks.jsonl");
        if (!Files.isRegularFile(chunksFile)) {
            err.println("raglens: no chunks at " + chunksFile + "; run first: raglens ingest --docs " + docs);
            return 1;
        }
        List<Chunk> chunks = readChunks(chunksFile, err);
        Path indexDir = parent.workspace.resolve("index");
        try (OnnxEmbeddings embeddings = EmbeddingModels.onnx(embeddingModel, spec.commandLine());
                LuceneIndex index = LuceneIndex.builder().directory(indexDir).open()) {
            if (index.embeddingModel().isPresent()
                    && !index.embeddingModel().get().equals(embeddings.modelName())) {
                throw new IndexException(
                        indexDir,
                        "index " + indexDir + " holds vectors of model '"
                                + index.embeddingModel().get()
                                + "'; cannot add vectors of model '" + embeddings.modelName()
                                + "'; delete the folder to re-index, or pass --embedding-model "
                                + index.embeddingModel().get(),
                        null);
            }
            Set<String> present = new HashSet<>();
            index.chunks().forEach(c -> present.add(c.id()));
            List<Chunk> missing =
                    chunks.stream().filter(c -> !present.contains(c.id())).toList();
            long start = System.nanoTime();
            int slice = 1024;
            for (int from = 0; from < missing.size(); from += slice) {
                List<Chunk> part = missing.subList(from, Math.min(missing.size(), from + slice));
                index.addAll(part, embeddings);
                if (!parent.quiet) {
                    err.printf(
                            Locale.ROOT,
                            "indexed %,d/%,d chunks with %s (%.0f s)%n",
                            from + part.size(),
                            missing.size(),
                            embeddings.modelName(),
                            (System.nanoTime() - start) / 1e9);
                }
            }
            spec.commandLine()
                    .getOut()
                    .printf(
                            Locale.ROOT,
                            "index %s: %,d chunks (%,d new), model %s, dimension %d%n",
                            indexDir,
                            index.size(),
                            missing.size(),
                            index.embeddingModel().orElse("-"),
                            index.dimension());
        }
        return 0;
    }

    /** Reads one chunk a line; the latest line of an id wins; a torn or bad line is reported and skipped. */
    private List<Chunk> readChunks(Path file, PrintWriter err) throws IOException {
        ObjectReader reader = Json.mapper().readerFor(Chunk.class);
        Map<String, Chunk> byId = new LinkedHashMap<>();
        int line = 0;
        int bad = 0;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String s;
            while ((s = r.readLine()) != null) {
                line++;
                if (s.isBlank()) {
                    continue;
                }
                try {
                    Chunk c = reader.readValue(s);
                    byId.put(c.id(), c);
                } catch (IOException | RuntimeException e) {
                    bad++;
                    if (bad <= 5) {
                        err.println("raglens: skipping line " + line + " of " + file + ": not a chunk ("
                                + e.getClass().getSimpleName() + ")");
                    }
                }
            }
        }
        return new ArrayList<>(byId.values());
    }
}
