package io.github.raglens.junit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ProviderException;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.spi.LlmProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RecordedLlmTest {

    @TempDir
    Path dir;

    final AtomicInteger liveCalls = new AtomicInteger();

    /** A live model that answers with the request's last message reversed, and refuses "forbidden". */
    LlmProvider live() {
        return new LlmProvider() {
            @Override
            public String modelName() {
                return "openai/gpt-4o-mini";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                liveCalls.incrementAndGet();
                String last =
                        request.messages().get(request.messages().size() - 1).content();
                if (last.contains("forbidden")) {
                    return new ChatOutcome.Failed(ChatOutcome.Reason.REFUSAL, "refused", new TokenUsage(9, 1));
                }
                return new ChatOutcome.Completed(
                        new StringBuilder(last).reverse().toString(), new TokenUsage(12, 3));
            }
        };
    }

    static LlmProvider networkBlocked() {
        throw new AssertionError("the live model was asked for while replaying");
    }

    static ChatRequest ask(String text) {
        return ChatRequest.builder().system("be brief").user(text).build();
    }

    @Test
    void recorded_thenReplayedWithoutTheLiveModel_givesTheSameOutcomes() {
        Path file = dir.resolve("judge.jsonl");
        List<String> prompts = List.of("alpha", "beta", "a forbidden thing");
        List<ChatOutcome> recorded;
        try (RecordedLlm recording = RecordedLlm.builder(file)
                .model("openai/gpt-4o-mini")
                .live(this::live)
                .recordMissing(true)
                .build()) {
            recorded = prompts.stream().map(p -> recording.chat(ask(p))).toList();
            recording.chat(ask("alpha"));
        }
        assertThat(liveCalls).hasValue(3);

        RecordedLlm replay = RecordedLlm.builder(file)
                .model("openai/gpt-4o-mini")
                .live(RecordedLlmTest::networkBlocked)
                .recordMissing(false)
                .build();
        assertThat(prompts.stream().map(p -> replay.chat(ask(p))).toList()).isEqualTo(recorded);
        assertThat(recorded.get(2)).isInstanceOf(ChatOutcome.Failed.class);
        replay.assertAllRecorded();
        assertThat(liveCalls).hasValue(3);
    }

    @Test
    void fileIsSortedByKey_soReRecordingsDiffCleanly() throws Exception {
        Path file = dir.resolve("judge.jsonl");
        try (RecordedLlm recording = RecordedLlm.builder(file)
                .model("m")
                .live(this::live)
                .recordMissing(true)
                .build()) {
            for (String p : List.of("one", "two", "three", "four")) {
                recording.chat(ask(p));
            }
        }
        List<String> lines = Files.readAllLines(file);
        assertThat(lines).hasSize(4);
        assertThat(lines).isSortedAccordingTo(String::compareTo);
        assertThat(lines.get(0)).startsWith("{\"key\":\"");
    }

    @Test
    void anotherModelOrAnotherPrompt_isMissing_neverAnOldReply() {
        Path file = dir.resolve("judge.jsonl");
        try (RecordedLlm recording = RecordedLlm.builder(file)
                .model("openai/gpt-4o-mini")
                .live(this::live)
                .recordMissing(true)
                .build()) {
            recording.chat(ask("alpha"));
        }
        RecordedLlm otherModel = RecordedLlm.builder(file)
                .model("openai/gpt-4o")
                .recordMissing(false)
                .build();
        assertThatThrownBy(() -> otherModel.chat(ask("alpha")))
                .isInstanceOf(ProviderException.class)
                .satisfies(
                        e -> assertThat(((ProviderException) e).isRetryable()).isFalse())
                .hasMessageStartingWith("no recording of this call to 'openai/gpt-4o' in " + file + " (call ");
        RecordedLlm sameModel = RecordedLlm.builder(file)
                .model("openai/gpt-4o-mini")
                .recordMissing(false)
                .build();
        ChatRequest edited =
                ChatRequest.builder().system("be very brief").user("alpha").build();
        assertThatThrownBy(() -> sameModel.chat(edited)).isInstanceOf(ProviderException.class);

        assertThat(otherModel.missingCalls()).hasSize(1);
        assertThatThrownBy(otherModel::assertAllRecorded)
                .isInstanceOf(AssertionError.class)
                .hasMessageMatching(
                        "1 call to 'openai/gpt-4o' not recorded in " + java.util.regex.Pattern.quote(file.toString())
                                + ":\n  [0-9a-f]{24} \"alpha\"\nrecord with: mvn test -Draglens.record=true \\(calls the live"
                                + " model, so its API key must be set\\), then commit judge.jsonl");
    }

    @Test
    void builder_explainsWhatIsMissing() {
        assertThatThrownBy(() -> RecordedLlm.builder(dir.resolve("x.jsonl")).build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("a recorded model needs its name; call model(\"openai/gpt-4o-mini\")");
        assertThatThrownBy(() -> RecordedLlm.builder(dir.resolve("x.jsonl"))
                        .model("m")
                        .recordMissing(true)
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("recording needs the live model; call live(() -> provider)");
    }

    @Test
    void aDamagedLine_isNamedWithItsLineNumber() throws Exception {
        Path file = Files.writeString(dir.resolve("judge.jsonl"), "\nnot json\n");
        assertThatThrownBy(() -> RecordedLlm.builder(file).model("m").build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(file + " line 2 is not a recording (")
                .hasMessageEndingWith("); delete the line and record again");
    }
}
