/**
 * Statistics behind every aggregate raglens reports: seeded bootstrap confidence intervals of means
 * and seeded paired randomization tests between two systems scored on the same samples.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.stats;
