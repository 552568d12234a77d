/**
 * A {@code trec_eval}-compatible evaluator of TREC run files against qrels: the same ranking (score
 * descending, ties by document id descending, rank column ignored), the same measures and the same
 * output lines, so raglens numbers can be checked against the reference tool.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.trec;
