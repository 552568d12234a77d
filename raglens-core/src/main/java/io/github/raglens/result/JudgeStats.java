package io.github.raglens.result;

import io.github.raglens.model.TokenUsage;

/**
 * What a judge session has done so far.
 *
 * @param callsSent calls sent to the model (retries included)
 * @param cacheHits calls answered from the call cache or shared with another metric
 * @param failedCalls calls whose reply could not be used or that raised a provider error
 * @param usage tokens billed for the calls sent
 * @param costUsd the cost of those tokens at the session's price
 */
public record JudgeStats(long callsSent, long cacheHits, long failedCalls, TokenUsage usage, double costUsd) {}
