package io.github.raglens.eval.judge;

import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatRequest;

/**
 * The retry of a judge call whose reply could not be used: the original conversation, the unusable
 * reply, and a message saying what was wrong with it. Sending the identical request again would get
 * the same reply from a model at temperature 0.
 */
final class RepairRequest {

    private RepairRequest() {}

    /**
     * The original request continued with the model's reply and what was wrong with it.
     *
     * @param original the request first sent; its schema, temperature and token cap are kept
     * @param reply the model's unusable reply
     * @param problem what was wrong, e.g. {@code "the judge gave 1 verdicts for 2 statements"}
     */
    static ChatRequest of(ChatRequest original, String reply, String problem) {
        ChatRequest.Builder b = ChatRequest.builder();
        original.messages().forEach(b::message);
        b.message(ChatMessage.assistant(reply));
        b.message(ChatMessage.user(message(problem)));
        original.schema().ifPresent(b::schema);
        original.seed().ifPresent(b::seed);
        return b.temperature(original.temperature())
                .maxOutputTokens(original.maxOutputTokens())
                .build();
    }

    /** The repair message for a problem. */
    static String message(String problem) {
        return "Your reply could not be used: " + problem + ". Answer the same task again, following every"
                + " instruction above exactly, and reply with JSON that matches the schema only.";
    }
}
