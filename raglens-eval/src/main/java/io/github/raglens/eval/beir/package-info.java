/**
 * Retrieval evaluation on BEIR-format judgements: nDCG@10, Recall@100 and MRR@10 over any retriever.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.beir;
