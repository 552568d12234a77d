/**
 * Scoring answers with metrics and summarising the scores: the resumable {@link
 * io.github.raglens.eval.scoring.Scorer} writes one {@link io.github.raglens.eval.scoring.ScoreRecord}
 * per cell to {@code scores.jsonl}, {@link io.github.raglens.eval.scoring.LiveEvaluation} answers and
 * scores in one pass, and {@link io.github.raglens.eval.scoring.ScoreAggregator}, {@link
 * io.github.raglens.eval.scoring.Calibrator}, {@link io.github.raglens.eval.scoring.AgreementMeasure}
 * and {@link io.github.raglens.eval.scoring.ConsistencyMeasure} compute the summaries of core's
 * {@code io.github.raglens.result} from the records.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.scoring;
