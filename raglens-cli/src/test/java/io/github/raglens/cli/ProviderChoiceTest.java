package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.AuthenticationException;
import io.github.raglens.model.ProviderKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class ProviderChoiceTest {

    @CommandLine.Command(name = "probe")
    static final class Probe implements Runnable {
        @Override
        public void run() {}
    }

    static final CommandLine.Model.CommandSpec SPEC = new CommandLine(new Probe()).getCommandSpec();

    @Test
    void chat_defaultModel_perProvider(@TempDir Path dir) {
        assertThat(ProviderChoice.chat("--llm-provider", ProviderKind.OLLAMA, null, dir, OptionalInt.empty())
                        .modelName())
                .isEqualTo("ollama/llama3.2");
    }

    @Test
    void chat_keyFromDotEnv(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(".env"), "GROQ_API_KEY=gsk_from_dotenv_123\n");
        assertThat(ProviderChoice.chat("--judge-provider", ProviderKind.GROQ, null, dir, OptionalInt.empty())
                        .modelName())
                .isEqualTo("groq/llama-3.1-8b-instant");
    }

    @Test
    void providerWithoutTheKindOfModel_isRefused_asAUsageErrorForEmbeddings(@TempDir Path dir) {
        assertThatThrownBy(
                        () -> ProviderChoice.chat("--judge-provider", ProviderKind.ONNX, "x", dir, OptionalInt.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("provider 'onnx' has no chat models; choose ollama, openai or groq");
        assertThatThrownBy(() -> ProviderChoice.embeddings(SPEC, "--embedding-provider", ProviderKind.GROQ, null, dir))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage(
                        "--embedding-provider: no embedding model for provider 'groq'; choose onnx, ollama or openai");
    }

    @Test
    void missingKey_isOneLine_whenNoEnvironmentHasIt(@TempDir Path dir) {
        // only meaningful where the test machine itself has no key
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("OPENAI_API_KEY") == null);
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("OPENAI_BASE_URL") == null);
        assertThatThrownBy(() ->
                        ProviderChoice.chat("--llm-provider", ProviderKind.OPENAI, null, dir, OptionalInt.empty()))
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("OPENAI_API_KEY is not set; export it or put it in .env, or choose --llm-provider ollama");
    }
}
