/**
 * The retrieval benchmark: every retriever over every ground-truth question, per-question results,
 * aggregates with bootstrap confidence intervals, paired randomization tests between retrievers,
 * breakdowns, {@code benchmark.json} and TREC run files that {@code trec_eval} scores identically.
 */
package io.github.raglens.eval.benchmark;
