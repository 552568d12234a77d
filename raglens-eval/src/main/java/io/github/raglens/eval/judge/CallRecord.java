package io.github.raglens.eval.judge;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One completed judge call in the call cache ({@code judge-calls.jsonl}); a rerun reads it instead
 * of sending the call again.
 *
 * @param key the call's key: prompt, version, model and a hash of its inputs
 * @param model the judge model
 * @param reply the reply text, already checked to be readable
 * @param promptTokens tokens billed for the prompt
 * @param completionTokens tokens billed for the reply
 * @param served what the server said the model was when it replied ({@link
 *     io.github.raglens.spi.LlmProvider#servedModel()}); empty when it did not say, or in files
 *     written before raglens recorded it
 */
record CallRecord(
        String key,
        String model,
        String reply,
        long promptTokens,
        long completionTokens,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) String served) {

    /** Reads a missing {@code served} as empty. */
    CallRecord {
        served = served == null ? "" : served;
    }
}
