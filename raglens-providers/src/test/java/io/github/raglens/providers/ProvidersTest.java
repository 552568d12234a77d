package io.github.raglens.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.MissingKeyException;
import io.github.raglens.model.ProviderKind;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.usage.UsageLedger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProvidersTest {

    static final Environment EMPTY = Environment.of(Map.of());

    @Test
    void chat_byName_buildsEachProvider() {
        Environment env = Environment.of(Map.of("OPENAI_API_KEY", "sk-a-123456", "GROQ_API_KEY", "gsk_b_123456"));
        assertThat(Providers.chat(ProviderKind.OLLAMA, "llama3.2", env).modelName())
                .isEqualTo("ollama/llama3.2");
        assertThat(Providers.chat(ProviderKind.OPENAI, "gpt-4o-mini", env).modelName())
                .isEqualTo("openai/gpt-4o-mini");
        assertThat(Providers.chat(ProviderKind.GROQ, "llama-3.1-8b-instant", env)
                        .modelName())
                .isEqualTo("groq/llama-3.1-8b-instant");
    }

    @Test
    void chat_missingOpenAiKey_isOneActionableLine() {
        assertThatThrownBy(() -> Providers.chat(ProviderKind.OPENAI, "gpt-4o-mini", EMPTY))
                .isInstanceOf(MissingKeyException.class)
                .hasMessage("OPENAI_API_KEY is not set; export it or put it in .env, or choose provider ollama")
                .extracting(e -> ((MissingKeyException) e).variable())
                .isEqualTo("OPENAI_API_KEY");
        assertThatThrownBy(() -> Providers.chat(ProviderKind.GROQ, "llama-3.1-8b-instant", EMPTY))
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("GROQ_API_KEY is not set; export it or put it in .env, or choose provider ollama");
        assertThatThrownBy(() -> Providers.embeddings(ProviderKind.OPENAI, "text-embedding-3-small", EMPTY))
                .isInstanceOf(AuthenticationException.class)
                .hasMessage("OPENAI_API_KEY is not set; export it or put it in .env, or choose provider ollama");
    }

    @Test
    void chat_compatibleServerWithoutKey_isFine() {
        Environment env = Environment.of(Map.of("OPENAI_BASE_URL", "http://localhost:8000/v1"));
        assertThat(Providers.chat(ProviderKind.OPENAI, "qwen", env).toString())
                .contains("baseUrl=http://localhost:8000/v1,", "apiKey=(none)");
    }

    @Test
    void providerWithoutTheKindOfModel_namesTheChoices() {
        assertThatThrownBy(() -> Providers.chat(ProviderKind.ONNX, "m", EMPTY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("provider 'onnx' has no chat models; choose ollama, openai or groq");
        assertThatThrownBy(() -> Providers.embeddings(ProviderKind.GROQ, "m", EMPTY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("no embedding model for provider 'groq'; choose onnx, ollama or openai");
        assertThatThrownBy(() -> Providers.embeddings(ProviderKind.ONNX, "m", EMPTY))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("onnx models run in-process; open them with OnnxEmbeddings (raglens-onnx)");
    }

    @Test
    void configure_setsStageAndLedger() {
        UsageLedger ledger = new UsageLedger();
        LlmProvider p = Providers.chat(
                ProviderKind.OLLAMA,
                "llama3.2",
                EMPTY,
                b -> b.stage("judge").usageLedger(ledger).requestsPerMinute(30));
        assertThat(p.toString()).contains("stage=judge", "requestsPerMinute=30");
        EmbeddingProvider e = Providers.embeddings(ProviderKind.OLLAMA, "nomic-embed-text", EMPTY);
        assertThat(e.modelName()).isEqualTo("ollama/nomic-embed-text");
        Environment keyed = Environment.of(Map.of("OPENAI_API_KEY", "sk-a-123456"));
        assertThat(OpenAi.embeddings("text-embedding-3-large")
                        .environment(keyed)
                        .dimensions(256)
                        .build()
                        .vectorSettings())
                .isEqualTo("dimensions=256");
        assertThat(Providers.embeddings(ProviderKind.OPENAI, "text-embedding-3-small", keyed)
                        .vectorSettings())
                .isEmpty();
    }

    @Test
    void dotEnv_isRead_andRealEnvironmentWins(@TempDir Path dir) throws Exception {
        Files.writeString(
                dir.resolve(".env"),
                "# keys\nexport OPENAI_API_KEY=\"sk-from-dotenv\"\nGROQ_API_KEY='gsk_x'\nOLLAMA_HOST=http://gpu:11434\n\nBROKEN\n");
        Environment env = Environment.of(Map.of("OLLAMA_HOST", "http://real:11434"))
                .orElse(Environment.dotEnv(dir.resolve(".env")));
        assertThat(env.get("OPENAI_API_KEY")).hasValue("sk-from-dotenv");
        assertThat(env.get("GROQ_API_KEY")).hasValue("gsk_x");
        assertThat(env.get("OLLAMA_HOST")).hasValue("http://real:11434");
        assertThat(env.get("BROKEN")).isEmpty();
        assertThat(Environment.dotEnv(dir.resolve("missing.env")).get("X")).isEmpty();
    }

    @Test
    void ollamaHost_withoutPort_usesOllamasPort() {
        Environment env = Environment.of(Map.of("OLLAMA_HOST", "0.0.0.0"));
        assertThat(Providers.chat(ProviderKind.OLLAMA, "llama3.2", env).toString())
                .contains("baseUrl=http://0.0.0.0:11434,");
    }

    @Test
    void blankVariable_countsAsUnset() {
        Environment env = Environment.of(Map.of("OPENAI_API_KEY", "  "));
        assertThatThrownBy(() -> Providers.chat(ProviderKind.OPENAI, "gpt-4o-mini", env))
                .isInstanceOf(AuthenticationException.class);
    }

    @Test
    void builder_rejectsBadValuesAtOnce() {
        assertThatThrownBy(() -> io.github.raglens.providers.Ollama.chat("m").maxConcurrency(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxConcurrency must be >= 1, was 0");
        assertThatThrownBy(() -> io.github.raglens.providers.Ollama.chat("m").baseUrl("ftp://x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("base URL 'ftp://x' must be an http or https URL such as http://localhost:11434");
        assertThatThrownBy(() -> io.github.raglens.providers.Ollama.chat("m")
                        .readTimeout(java.time.Duration.ofMinutes(20))
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "callTimeout (PT10M) is shorter than readTimeout (PT20M); raise callTimeout or lower readTimeout");
    }
}
