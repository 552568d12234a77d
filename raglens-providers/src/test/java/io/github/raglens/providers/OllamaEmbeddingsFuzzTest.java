package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** Replies of Ollama's {@code /api/embed}. */
class OllamaEmbeddingsFuzzTest {

    private final FuzzedReplies replies = new FuzzedReplies();
    private final OllamaEmbeddings embeddings = FuzzedReplies.once(Ollama.embeddings("nomic-embed-text")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(replies.url("")))
            .build();

    @HostileInputTest
    void readsOrRefusesTheReply(FuzzedDataProvider data) {
        replies.call(data, () -> EmbeddingReplies.embedTwo(embeddings));
    }

    @AfterEach
    void stop() {
        replies.close();
    }
}
