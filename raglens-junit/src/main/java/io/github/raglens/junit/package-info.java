/**
 * raglens in downstream unit tests: fluent assertions on benchmark results ({@link
 * io.github.raglens.junit.RagAssertions}), thresholds on the mean or on the lower 95% bound, and a
 * regression gate against a committed baseline file that fails only on a significant drop ({@link
 * io.github.raglens.junit.BaselineFile}, injected by {@link io.github.raglens.junit.RagLensExtension}).
 */
package io.github.raglens.junit;
