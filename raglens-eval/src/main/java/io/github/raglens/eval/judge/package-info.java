/**
 * Judging: the judge model's session ({@link io.github.raglens.eval.judge.JudgeSession}: call cache,
 * concurrency, price and budget), the judge metrics (RAGAS algorithms with JSON-schema replies), the
 * text metrics, and the cost estimate of an evaluation. Pick metrics with {@link
 * io.github.raglens.eval.judge.Metrics}; the answers they judge come from {@code
 * io.github.raglens.eval.answers}, and {@code io.github.raglens.eval.scoring} runs them over every
 * cell and summarises the scores.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.judge;
