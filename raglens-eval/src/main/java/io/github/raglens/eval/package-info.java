/**
 * The rank metrics of retrieval results (hit rate, MRR, nDCG, precision, recall, section and child
 * hits) that the benchmark, the BEIR evaluation and the baselines share.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval;
