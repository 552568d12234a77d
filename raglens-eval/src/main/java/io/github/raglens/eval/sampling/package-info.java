/**
 * Seeded stratified sampling of questions for the costly end-to-end evaluation.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.sampling;
