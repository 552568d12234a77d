package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;

/** Replies of an OpenAI-compatible {@code /embeddings} server. */
class OpenAiEmbeddingsFuzzTest {

    private final FuzzedReplies replies = new FuzzedReplies();
    private final OpenAiEmbeddings embeddings = FuzzedReplies.once(OpenAi.embeddings("text-embedding-3-small")
                    .environment(Environment.of(Map.of()))
                    .baseUrl(replies.url("/v1"))
                    .apiKey("sk-fuzz"))
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
