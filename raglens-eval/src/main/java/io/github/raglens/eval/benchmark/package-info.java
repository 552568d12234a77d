/**
 * The retrieval benchmark: every retriever over every ground-truth question, per-question results,
 * aggregates with bootstrap confidence intervals, paired randomization tests between retrievers,
 * breakdowns, {@code benchmark.json} and TREC run files that {@code trec_eval} scores identically.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.benchmark;
