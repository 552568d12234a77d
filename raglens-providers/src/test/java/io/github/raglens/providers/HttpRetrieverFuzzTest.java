package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.model.RetrievalResult;
import org.junit.jupiter.api.AfterEach;

/** Replies of a team's own retriever over HTTP: at most k results, or an error. */
class HttpRetrieverFuzzTest {

    private static final int K = 3;

    private final FuzzedReplies replies = new FuzzedReplies();
    private final HttpRetriever retriever = FuzzedReplies.once(HttpRetriever.builder("fuzzed", replies.url("/search")))
            .build();

    @HostileInputTest
    void readsOrRefusesTheReply(FuzzedDataProvider data) {
        replies.call(data, () -> {
            RetrievalResult result = retriever.retrieve("what is fuzzing?", K);
            if (result.hits().size() > K) {
                throw new AssertionError("finding: " + result.hits().size() + " results for k = " + K);
            }
            return result;
        });
    }

    @AfterEach
    void stop() {
        replies.close();
    }
}
