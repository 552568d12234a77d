package io.github.raglens.eval.questions;

import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.testkit.ScriptedLlm;

/** What a question writer is sent and what it replies, for scripting a {@link ScriptedLlm}. */
final class QuestionReplies {

    static final String SKIP = "{\"status\":\"skip\",\"question\":\"\",\"answer\":\"\",\"evidence\":\"\"}";

    private QuestionReplies() {}

    /** The passage of a question request (between the markers of the first user message). */
    static String passage(ChatRequest request) {
        String user = ScriptedLlm.prompt(request);
        return user.substring(user.indexOf("<<<\n") + 4, user.lastIndexOf("\n>>>"));
    }

    /** How many retry messages the conversation holds (user messages after the first). */
    static int retries(ChatRequest request) {
        return (int) request.messages().stream()
                        .filter(m -> m.role() == ChatMessage.Role.USER)
                        .count()
                - 1;
    }

    static String success(String question, String answer, String evidence) {
        return "{\"status\":\"success\",\"question\":\"" + question + "\",\"answer\":\"" + answer + "\",\"evidence\":\""
                + evidence + "\"}";
    }
}
