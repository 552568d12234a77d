/**
 * The regression gate's settings ({@link io.github.raglens.gate.GateOptions}): which metrics, the
 * smallest drop that may fail, the family-wise alpha, a drop the questions must be able to catch.
 * The gate itself (a paired randomization test per metric on a committed {@link
 * io.github.raglens.result.Baseline}, Holm-corrected across the metrics checked, with the statistical
 * power of the question set) runs through {@code RagLens.gate} in code, raglens-junit's {@code
 * BaselineFile} and {@code BenchmarkAssert} in tests, and the {@code raglens gate} command.
 */
package io.github.raglens.gate;
