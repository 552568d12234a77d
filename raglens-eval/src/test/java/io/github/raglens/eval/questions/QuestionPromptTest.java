package io.github.raglens.eval.questions;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.internal.PromptVersion;
import io.github.raglens.model.ChatMessage;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The question prompt's version is derived from its text, schema and settings, never set by hand. */
class QuestionPromptTest {

    @Test
    void version_isTheNameAndAHashOfEverythingThePromptSends() {
        assertThat(QuestionGenerator.promptVersion())
                .isEqualTo(QuestionPrompt.VERSION)
                .matches("questions@[0-9a-f]{8}");
        List<ChatMessage> retries = List.of(
                ChatMessage.user(QuestionPrompt.evidenceRetry("{evidence}")),
                ChatMessage.user(QuestionPrompt.ambiguousRetry("{evidence}", "{problem}")),
                ChatMessage.user(QuestionPrompt.bannedRetry("{phrase}")),
                ChatMessage.user(QuestionPrompt.invalidRetry("{detail}")),
                ChatMessage.user(String.join("\n", QuestionPrompt.BANNED)));
        List<ChatMessage> first = List.of(
                ChatMessage.system(QuestionPrompt.SYSTEM),
                ChatMessage.user("Where the passage comes from: {section path}\n\nPassage:\n<<<\n{chunk text}\n>>>"));
        List<ChatMessage> styles = List.of(
                ChatMessage.system(QuestionPrompt.SEARCH
                        + QuestionPrompt.PARAPHRASE
                        + QuestionPrompt.PERSONA
                        + QuestionPrompt.TWO_PASSAGE_SYSTEM),
                ChatMessage.user(
                        "Passage A, from: {a path}\n<<<\n{a text}\n>>>\n\nPassage B, from: {b path}\n<<<\n{b text}"
                                + "\n>>>"),
                ChatMessage.user(QuestionPrompt.overlapRetry(0.9, 0.5)));
        assertThat(QuestionPrompt.VERSION)
                .isEqualTo(PromptVersion.of(
                        "questions",
                        QuestionPrompt.request(first, 0),
                        QuestionPrompt.request(styles, QuestionPrompt.TWO_PASSAGE_SCHEMA, 0),
                        QuestionPrompt.request(retries, 0)));
        // one more banned phrase, an edited system text: another version
        List<ChatMessage> moreBanned = List.of(
                retries.get(0),
                retries.get(1),
                retries.get(2),
                retries.get(3),
                ChatMessage.user(String.join("\n", QuestionPrompt.BANNED) + "\nas stated"));
        List<ChatMessage> editedSystem = List.of(ChatMessage.system(QuestionPrompt.SYSTEM + " "), first.get(1));
        assertThat(List.of(
                        PromptVersion.of(
                                "questions",
                                QuestionPrompt.request(first, 0),
                                QuestionPrompt.request(styles, QuestionPrompt.TWO_PASSAGE_SCHEMA, 0),
                                QuestionPrompt.request(moreBanned, 0)),
                        PromptVersion.of(
                                "questions",
                                QuestionPrompt.request(editedSystem, 0),
                                QuestionPrompt.request(styles, QuestionPrompt.TWO_PASSAGE_SCHEMA, 0),
                                QuestionPrompt.request(retries, 0))))
                .doesNotContain(QuestionPrompt.VERSION)
                .doesNotHaveDuplicates();
    }

    @Test
    void theSeed_isNotPartOfTheVersion_butIsSent() {
        List<ChatMessage> m = List.of(ChatMessage.user("x"));
        assertThat(PromptVersion.of("q", QuestionPrompt.request(m, 1)))
                .isEqualTo(PromptVersion.of("q", QuestionPrompt.request(m, 2)));
        assertThat(QuestionPrompt.request(m, 7).seed()).hasValue(7);
    }
}
