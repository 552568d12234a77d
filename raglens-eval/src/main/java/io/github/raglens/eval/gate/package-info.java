/**
 * Regression gating: per-question scores kept as a committed {@link
 * io.github.raglens.result.Baseline}, and a {@link io.github.raglens.eval.gate.RegressionGate}
 * that fails only when today's run is significantly worse (paired randomization test per metric,
 * Holm-corrected across the metrics checked, a minimum effect size below which nothing fails), with
 * the statistical power of the question set.
 */
package io.github.raglens.eval.gate;
