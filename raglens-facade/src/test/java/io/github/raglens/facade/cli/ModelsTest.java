package io.github.raglens.facade.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.raglens.error.MissingKeyException;
import io.github.raglens.model.ProviderKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ModelsTest {

    @Test
    void chat_withoutModel_takesTheProvidersDefault(@TempDir Path dir) {
        assertThat(Models.chat(ProviderKind.OLLAMA, null, dir, OptionalInt.empty())
                        .modelName())
                .isEqualTo("ollama/llama3.2");
        assertThat(Models.chat(ProviderKind.OLLAMA, "qwen3", dir, OptionalInt.empty())
                        .modelName())
                .isEqualTo("ollama/qwen3");
    }

    @Test
    void chat_readsTheKeyFromDotEnv(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(".env"), "GROQ_API_KEY=gsk_from_dotenv_123\n");
        assertThat(Models.chat(ProviderKind.GROQ, null, dir, OptionalInt.empty())
                        .modelName())
                .isEqualTo("groq/llama-3.1-8b-instant");
    }

    @Test
    void chat_eachProvider_withTheGivenLimitOfCallsInFlight(@TempDir Path dir) throws Exception {
        Files.writeString(dir.resolve(".env"), "OPENAI_API_KEY=sk-a-123456\nGROQ_API_KEY=gsk_b_123456\n");
        assertThat(Models.chat(ProviderKind.OPENAI, "gpt-4o-mini", dir, OptionalInt.of(40))
                        .toString())
                .contains("model=gpt-4o-mini", "maxConcurrency=40");
        assertThat(Models.chat(ProviderKind.GROQ, null, dir, OptionalInt.empty())
                        .toString())
                .contains("maxConcurrency=16");
    }

    @Test
    void missingKey_namesTheVariable(@TempDir Path dir) {
        assumeTrue(System.getenv("OPENAI_API_KEY") == null && System.getenv("OPENAI_BASE_URL") == null);
        assertThatThrownBy(() -> Models.embeddings(ProviderKind.OPENAI, null, dir))
                .isInstanceOf(MissingKeyException.class)
                .extracting(e -> ((MissingKeyException) e).variable())
                .isEqualTo("OPENAI_API_KEY");
        assertThatThrownBy(() -> Models.chat(ProviderKind.OPENAI, null, dir, OptionalInt.empty()))
                .isInstanceOf(MissingKeyException.class)
                .extracting(e -> ((MissingKeyException) e).variable())
                .isEqualTo("OPENAI_API_KEY");
    }

    @Test
    void providerWithoutTheKindOfModel_namesTheChoices(@TempDir Path dir) {
        assertThatThrownBy(() -> Models.chat(ProviderKind.ONNX, "m", dir, OptionalInt.empty()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("provider 'onnx' has no chat models; choose ollama, openai or groq");
        assertThatThrownBy(() -> Models.embeddings(ProviderKind.GROQ, "m", dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no embedding model for provider 'groq'; choose onnx, ollama or openai");
    }

    @Test
    void unknownLocalModel_failsBeforeLoading(@TempDir Path dir) {
        assertThatThrownBy(() -> Models.embeddings(ProviderKind.ONNX, "e5-large", dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("unknown embedding model 'e5-large'; local models are bge-small-en-v1.5 (default) and"
                        + " all-MiniLM-L6-v2");
        assertThatThrownBy(() -> Models.embeddings(ProviderKind.GROQ, null, dir))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no embedding model for provider 'groq'; choose onnx, ollama or openai");
    }

    @Test
    void recordedName_withProvider_isRemote_otherwiseLocal(@TempDir Path dir) {
        assertThat(Models.embeddingsNamed("ollama/nomic-embed-text", dir).get().modelName())
                .isEqualTo("ollama/nomic-embed-text");
        assertThatThrownBy(() -> Models.embeddingsNamed("unknown/model", dir))
                .hasMessage("unknown embedding model 'unknown/model'; local models are bge-small-en-v1.5 (default)"
                        + " and all-MiniLM-L6-v2");
    }
}
