package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import org.junit.jupiter.api.AfterEach;

/** Replies of a team's own RAG system over HTTP: an answer and its contexts, or an error. */
class HttpRagSystemFuzzTest {

    private final FuzzedReplies replies = new FuzzedReplies();
    private final HttpRagSystem system = FuzzedReplies.once(HttpRagSystem.builder("fuzzed", replies.url("/ask")))
            .build();

    @HostileInputTest
    void readsOrRefusesTheReply(FuzzedDataProvider data) {
        replies.call(data, () -> system.answer("what is fuzzing?"));
    }

    @AfterEach
    void stop() {
        replies.close();
    }
}
