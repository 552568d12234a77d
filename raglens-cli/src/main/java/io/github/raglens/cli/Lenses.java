package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.spi.EmbeddingProvider;
import java.nio.file.Path;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Builds the {@link RagLens} a command runs from its options, so every command runs the facade's
 * stage and there is one implementation per stage. Provider clients read the process environment,
 * then the {@code .env} file of the working directory.
 */
final class Lenses {

    private Lenses() {}

    /** A builder for the global options' workspace. */
    static RagLens.Builder builder(RaglensCli cli) {
        return RagLens.builder().workspace(cli.workspace);
    }

    /** The folder whose {@code .env} is read. */
    static Path workingDirectory() {
        return Path.of("").toAbsolutePath();
    }

    /**
     * The embedding model of {@code --embedding-provider} and {@code --embedding-model}: {@code onnx}
     * (local, loaded on first use) or a remote provider (built now, so a missing key fails at once
     * with one line).
     *
     * @param model the model, or null for the provider's default
     * @throws CommandLine.ParameterException (a usage error) for an unknown provider or local model
     */
    static Supplier<EmbeddingProvider> embeddings(
            CommandLine.Model.CommandSpec spec, ProviderKind provider, String model) {
        return ProviderChoice.embeddings(spec, "--embedding-provider", provider, model, workingDirectory());
    }

    /**
     * Sets the embedding model for query vectors of benchmark and evaluate when the options name one;
     * when they name none the builder keeps its default, the model the workspace's index was built
     * with, so the queries are embedded like the index whichever backend holds it.
     */
    static RagLens.Builder queryEmbeddings(
            RagLens.Builder builder, CommandLine.Model.CommandSpec spec, ProviderKind provider, String model) {
        if (model != null || spec.commandLine().getParseResult().hasMatchedOption("--embedding-provider")) {
            builder.embeddings(embeddings(spec, provider, model));
        }
        return builder;
    }
}
