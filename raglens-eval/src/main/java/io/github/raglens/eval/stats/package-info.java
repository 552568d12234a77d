/**
 * Statistics behind every aggregate raglens reports: seeded bootstrap confidence intervals of means
 * and seeded paired randomization tests between two systems scored on the same samples.
 */
package io.github.raglens.eval.stats;
