/**
 * Records and reads the per-question scores a regression gate compares: from a benchmark report,
 * from an evaluation's scores, or from a committed baseline file.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens} and the JUnit extension. Anything here may change in any release.
 */
package io.github.raglens.eval.baseline;
