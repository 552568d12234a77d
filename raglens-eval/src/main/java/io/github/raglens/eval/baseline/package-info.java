/**
 * Records and reads the per-question scores a regression gate compares: from a benchmark report,
 * from an evaluation's scores, or from a committed baseline file.
 */
package io.github.raglens.eval.baseline;
