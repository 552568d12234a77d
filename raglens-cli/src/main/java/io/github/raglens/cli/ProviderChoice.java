package io.github.raglens.cli;

import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.MissingKeyException;
import io.github.raglens.facade.cli.Models;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.OptionalInt;
import java.util.function.Supplier;
import picocli.CommandLine;

/**
 * Maps {@code --llm-provider}, {@code --judge-provider} and {@code --embedding-provider} (with
 * their model options) to the facade's {@link Models}, and words their failures in flags. The
 * environment is the process environment, then the {@code .env} file of the working directory. A
 * provider without the kind of model asked for is a usage error (exit 2); a missing key fails with
 * one line naming the variable and the way out (exit 1).
 */
final class ProviderChoice {

    private ProviderChoice() {}

    /**
     * Refuses, as a usage error naming {@code option}, a provider without chat models, before any work
     * or any test's stand-in model is made.
     */
    static void requireChat(CommandLine.Model.CommandSpec spec, String option, ProviderKind provider) {
        try {
            provider.requireChat();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
    }

    /**
     * A chat client, from the facade's one factory of chat models ({@link Models#chat}).
     *
     * @param option the option that chose the provider, e.g. {@code --judge-provider}
     * @param provider the provider
     * @param model the model, or null for the provider's default
     * @param workingDirectory where {@code .env} is read
     * @param maxConcurrency the client's limit of calls in flight, or empty for its default
     * @throws IllegalArgumentException for a provider without chat models
     * @throws AuthenticationException when the provider's key is not set, naming {@code option}
     */
    static LlmProvider chat(
            String option, ProviderKind provider, String model, Path workingDirectory, OptionalInt maxConcurrency) {
        try {
            return Models.chat(provider, model, workingDirectory, maxConcurrency);
        } catch (MissingKeyException e) {
            throw inFlags(e, option);
        }
    }

    /**
     * An embedding model: {@code onnx} is local and loaded on first use; a remote client is built
     * now, so a missing key fails at once.
     *
     * @see #chat
     */
    static Supplier<EmbeddingProvider> embeddings(
            CommandLine.Model.CommandSpec spec,
            String option,
            ProviderKind provider,
            String model,
            Path workingDirectory) {
        try {
            provider.requireEmbeddings();
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), option + ": " + e.getMessage());
        }
        try {
            return Models.embeddings(provider, model, workingDirectory);
        } catch (MissingKeyException e) {
            throw inFlags(e, option);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    private static AuthenticationException inFlags(MissingKeyException e, String option) {
        return new AuthenticationException(
                e.provider(),
                e.model(),
                0,
                null,
                e.variable() + " is not set; export it or put it in .env, or choose " + option + " ollama",
                e);
    }
}
