package io.github.raglens.cli;

import io.github.raglens.providers.Environment;
import io.github.raglens.providers.ProviderBuilder;
import io.github.raglens.providers.Providers;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Path;
import java.util.function.Consumer;
import picocli.CommandLine;

/**
 * Maps {@code --llm-provider}, {@code --judge-provider} and {@code --embedding-provider} (with
 * their model options) to provider clients. The environment is the process environment, then the
 * {@code .env} file of the working directory. An unknown provider is a usage error (exit 2); a
 * missing key fails with one line naming the variable and the way out (exit 1).
 */
final class ProviderChoice {

    private ProviderChoice() {}

    /**
     * A chat client.
     *
     * @param spec the command, for usage errors
     * @param option the option that chose the provider, e.g. {@code --judge-provider}
     * @param provider the provider's name
     * @param model the model, or null for the provider's default
     * @param workingDirectory where {@code .env} is read
     * @param configure further options (stage, ledger, limits)
     */
    static LlmProvider chat(
            CommandLine.Model.CommandSpec spec,
            String option,
            String provider,
            String model,
            Path workingDirectory,
            Consumer<ProviderBuilder<?>> configure) {
        try {
            String m = model != null ? model : Providers.defaultChatModel(provider);
            return Providers.chat(provider, m, Environment.standard(workingDirectory), option, configure);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), usage(e, option));
        }
    }

    /**
     * A remote embedding client ({@code ollama} or {@code openai}; {@code onnx} is local and built
     * by the caller).
     *
     * @see #chat
     */
    static EmbeddingProvider embeddings(
            CommandLine.Model.CommandSpec spec,
            String option,
            String provider,
            String model,
            Path workingDirectory,
            Consumer<ProviderBuilder<?>> configure) {
        try {
            String m = model != null ? model : Providers.defaultEmbeddingModel(provider);
            return Providers.embeddings(provider, m, Environment.standard(workingDirectory), option, configure);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), usage(e, option));
        }
    }

    private static String usage(IllegalArgumentException e, String option) {
        String msg = e.getMessage();
        return msg.contains(option) ? msg : msg.replace("; choose ", "; choose " + option + " ");
    }
}
