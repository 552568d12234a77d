/**
 * End-to-end evaluation of generated answers: answer generation, judge metrics (RAGAS algorithms
 * with JSON-schema replies), text metrics, the resumable scorer and the aggregation of scores.
 *
 * <p>Start with {@link io.github.raglens.eval.judge.JudgeSession} (the judge model, its call cache,
 * concurrency, price and budget), pick metrics with {@link io.github.raglens.eval.judge.Metrics},
 * score with {@link io.github.raglens.eval.scoring.Scorer} and summarise with {@link
 * io.github.raglens.result.Aggregation}. Judge reliability: {@link
 * io.github.raglens.eval.scoring.Scorer.Builder#repeats} with {@link
 * io.github.raglens.result.SelfConsistency} for one judge, {@link
 * io.github.raglens.result.JudgeAgreement} for two.
 */
package io.github.raglens.eval.judge;
