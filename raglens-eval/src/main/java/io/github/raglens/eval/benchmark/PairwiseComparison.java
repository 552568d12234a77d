package io.github.raglens.eval.benchmark;

/**
 * A paired randomization test between two retrievers on one metric, over the same questions.
 *
 * @param a the first retriever
 * @param b the second retriever
 * @param metric the metric compared
 * @param meanDifference mean of {@code a} minus mean of {@code b}
 * @param pValue two-sided p-value
 * @param significant whether {@code pValue < 0.05}
 */
public record PairwiseComparison(
        String a, String b, String metric, double meanDifference, double pValue, boolean significant) {}
