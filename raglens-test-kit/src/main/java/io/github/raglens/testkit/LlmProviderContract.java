package io.github.raglens.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.spi.LlmProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/**
 * What every {@link LlmProvider} promises. A provider's test implements this interface and supplies
 * the provider wired to a backend that answers every request (a scripted fake, or a mock server
 * speaking the provider's wire format), and the secret it was configured with, if any.
 */
public interface LlmProviderContract {

    /** The provider under test; every call gets an answer from its backend. */
    LlmProvider provider();

    /** The API key or other secret the provider holds; empty when it holds none. */
    default String secret() {
        return "";
    }

    /** The model name is not blank and does not change. */
    @Test
    default void modelName_isNamedAndStable() {
        LlmProvider provider = provider();
        assertThat(provider.modelName()).isNotBlank().isEqualTo(provider.modelName());
    }

    /** A plain request gets an outcome with non-negative token counts. */
    @Test
    default void chat_answersWithAnOutcomeAndItsUsage() {
        ChatOutcome outcome = provider()
                .chat(ChatRequest.builder()
                        .system("Be brief.")
                        .user("Say hello.")
                        .build());
        assertThat(outcome).isNotNull();
        assertThat(outcome.usage().promptTokens()).isNotNegative();
        assertThat(outcome.usage().completionTokens()).isNotNegative();
        if (outcome instanceof ChatOutcome.Completed c) {
            assertThat(c.text()).isNotNull();
        }
    }

    /** Eight concurrent requests each get an outcome. */
    @Test
    default void chat_isThreadSafe() throws Exception {
        LlmProvider provider = provider();
        ExecutorService pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<ChatOutcome>> futures = new ArrayList<>();
            for (int i = 0; i < 8; i++) {
                String text = "Question " + i;
                futures.add(pool.submit(
                        () -> provider.chat(ChatRequest.builder().user(text).build())));
            }
            for (Future<ChatOutcome> f : futures) {
                assertThat(f.get()).isNotNull();
            }
        } finally {
            pool.shutdownNow();
        }
    }

    /** {@code toString()} never contains the {@link #secret()}. */
    @Test
    default void toString_neverShowsTheSecret() {
        if (!secret().isEmpty()) {
            assertThat(provider().toString()).doesNotContain(secret());
        }
    }
}
