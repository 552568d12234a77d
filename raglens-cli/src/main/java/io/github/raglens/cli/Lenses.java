package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.providers.Providers;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;
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
    static Supplier<EmbeddingProvider> embeddings(CommandLine.Model.CommandSpec spec, String provider, String model) {
        if (provider.toLowerCase(Locale.ROOT).equals("onnx")) {
            String name = model == null ? EmbeddingModels.DEFAULT : model;
            EmbeddingModels.check(name, spec.commandLine());
            return () -> EmbeddingModels.onnx(name, spec.commandLine());
        }
        EmbeddingProvider remote =
                ProviderChoice.embeddings(spec, "--embedding-provider", provider, model, workingDirectory(), b -> {});
        return () -> remote;
    }

    /**
     * The embedding model for query vectors of benchmark and evaluate: the one the options name, or,
     * when they name none, the model the workspace's index was built with, so the queries are always
     * embedded like the index (the index refuses vectors of another model), whichever backend holds it.
     */
    static Supplier<EmbeddingProvider> queryEmbeddings(
            CommandLine.Model.CommandSpec spec, RaglensCli cli, BackendOption backend, String provider, String model) {
        boolean chosen = model != null || spec.commandLine().getParseResult().hasMatchedOption("--embedding-provider");
        Optional<String> indexed = chosen
                ? Optional.empty()
                : backend.applyTo(builder(cli)).build().indexedEmbeddingModel();
        if (indexed.isPresent()) {
            String name = indexed.get();
            int slash = name.indexOf('/');
            if (slash > 0 && Providers.EMBEDDING_PROVIDERS.contains(name.substring(0, slash))) {
                return embeddings(spec, name.substring(0, slash), name.substring(slash + 1));
            }
            return embeddings(spec, "onnx", name);
        }
        return embeddings(spec, provider, model);
    }

    /**
     * A chat model by provider name, built now so that a missing key fails at once with one line.
     *
     * @param option the option that chose it, e.g. {@code --judge-provider}, for messages
     * @param model the model, or null for the provider's default
     */
    static LlmProvider chat(CommandLine.Model.CommandSpec spec, String option, String provider, String model) {
        return ProviderChoice.chat(spec, option, provider, model, workingDirectory(), b -> {});
    }
}
