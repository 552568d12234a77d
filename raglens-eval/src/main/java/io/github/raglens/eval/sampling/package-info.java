/** Seeded stratified sampling of questions for the costly end-to-end evaluation. */
package io.github.raglens.eval.sampling;
