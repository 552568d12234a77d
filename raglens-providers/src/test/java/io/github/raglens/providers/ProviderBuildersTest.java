package io.github.raglens.providers;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.Test;

class ProviderBuildersTest {

    @Test
    void anOptionSetTwice_isRefused_namingItsFirstValue() {
        assertThatThrownBy(() -> OpenAi.chat("gpt-4o-mini")
                        .maxRetries(2)
                        .readTimeout(Duration.ofSeconds(5))
                        .maxRetries(5))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("maxRetries was already set to 2; set it once");
        assertThatThrownBy(
                        () -> Ollama.embeddings("nomic-embed-text").batchSize(8).batchSize(16))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("batchSize was already set to 8; set it once");
        assertThatThrownBy(() -> OpenAi.chat("gpt-4o-mini").strictSchema(false).strictSchema(true))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("strictSchema was already set to false; set it once");
    }

    @Test
    void aKeySetTwice_isRefused_withoutShowingIt() {
        assertThatThrownBy(() ->
                        OpenAi.chat("gpt-4o-mini").apiKey("sk-first-secret").apiKey("sk-second"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("apiKey was already set to (hidden); set it once");
        // a key and a variable to read it from are one option
        assertThatThrownBy(() ->
                        OpenAi.chat("gpt-4o-mini").apiKey("sk-first-secret").apiKeyFromEnv("MY_KEY"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("apiKey was already set to (hidden); set it once");
        assertThatThrownBy(
                        () -> OpenAi.chat("gpt-4o-mini").apiKeyFromEnv("MY_KEY").apiKey("sk-first-secret"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("apiKey was already set to the variable MY_KEY; set it once");
    }

    @Test
    void aProvidersOwnDefault_mayStillBeSetOnce() {
        // Groq's preset turns strict schemas off; its user may turn them back on
        assertThatCode(() -> Groq.chat("llama-3.3-70b-versatile").strictSchema(true))
                .doesNotThrowAnyException();
    }
}
