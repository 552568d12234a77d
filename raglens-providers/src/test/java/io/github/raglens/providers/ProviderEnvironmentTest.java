package io.github.raglens.providers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.MissingKeyException;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.usage.UsageLedger;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** How a client's builder reads its host and key from the environment and checks its options. */
class ProviderEnvironmentTest {

    static final Environment EMPTY = Environment.of(Map.of());

    @Test
    void missingKey_isOneActionableLine_namingTheVariable() {
        assertThatThrownBy(() -> OpenAi.chat("gpt-4o-mini").environment(EMPTY).build())
                .isInstanceOf(MissingKeyException.class)
                .hasMessage("OPENAI_API_KEY is not set; export it or put it in .env, or pass the key with apiKey(...)")
                .extracting(e -> ((MissingKeyException) e).variable())
                .isEqualTo("OPENAI_API_KEY");
        assertThatThrownBy(() ->
                        Groq.chat("llama-3.1-8b-instant").environment(EMPTY).build())
                .isInstanceOf(MissingKeyException.class)
                .hasMessage("GROQ_API_KEY is not set; export it or put it in .env, or pass the key with apiKey(...)");
        assertThatThrownBy(() -> OpenAi.embeddings("text-embedding-3-small")
                        .environment(EMPTY)
                        .build())
                .isInstanceOf(MissingKeyException.class)
                .extracting(e -> ((MissingKeyException) e).variable())
                .isEqualTo("OPENAI_API_KEY");
    }

    @Test
    void compatibleServerWithoutKey_isFine() {
        Environment env = Environment.of(Map.of("OPENAI_BASE_URL", "http://localhost:8000/v1"));
        assertThat(OpenAi.chat("qwen").environment(env).build().toString())
                .contains("baseUrl=http://localhost:8000/v1,", "apiKey=(none)");
    }

    @Test
    void stageLedgerAndLimits_areTheClients() {
        UsageLedger ledger = new UsageLedger();
        LlmProvider p = Ollama.chat("llama3.2")
                .environment(EMPTY)
                .stage("judge")
                .usageLedger(ledger)
                .requestsPerMinute(30)
                .build();
        assertThat(p.toString()).contains("stage=judge", "requestsPerMinute=30");
        Environment keyed = Environment.of(Map.of("OPENAI_API_KEY", "sk-a-123456"));
        assertThat(OpenAi.embeddings("text-embedding-3-large")
                        .environment(keyed)
                        .dimensions(256)
                        .build()
                        .vectorSettings())
                .isEqualTo("dimensions=256");
        assertThat(OpenAi.embeddings("text-embedding-3-small")
                        .environment(keyed)
                        .build()
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
        assertThat(Ollama.chat("llama3.2").environment(env).build().toString())
                .contains("baseUrl=http://0.0.0.0:11434,");
    }

    @Test
    void blankVariable_countsAsUnset() {
        Environment env = Environment.of(Map.of("OPENAI_API_KEY", "  "));
        assertThatThrownBy(() -> OpenAi.chat("gpt-4o-mini").environment(env).build())
                .isInstanceOf(MissingKeyException.class);
    }

    @Test
    void builder_rejectsBadValuesAtOnce() {
        assertThatThrownBy(() -> Ollama.chat("m").maxConcurrency(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxConcurrency must be >= 1, was 0");
        assertThatThrownBy(() -> Ollama.chat("m").baseUrl("ftp://x"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("base URL 'ftp://x' must be an http or https URL such as http://localhost:11434");
        assertThatThrownBy(() -> Ollama.chat("m")
                        .readTimeout(java.time.Duration.ofMinutes(20))
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "callTimeout (PT10M) is shorter than readTimeout (PT20M); raise callTimeout or lower readTimeout");
    }
}
