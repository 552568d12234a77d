package io.github.raglens.eval.judge;

/**
 * One completed judge call in the call cache ({@code judge-calls.jsonl}); a rerun reads it instead
 * of sending the call again.
 *
 * @param key the call's key: prompt, version, model and a hash of its inputs
 * @param model the judge model
 * @param reply the reply text, already checked to be readable
 * @param promptTokens tokens billed for the prompt
 * @param completionTokens tokens billed for the reply
 */
record CallRecord(String key, String model, String reply, long promptTokens, long completionTokens) {}
