/**
 * A {@code trec_eval}-compatible evaluator of TREC run files against qrels: the same ranking (score
 * descending, ties by document id descending, rank column ignored), the same measures and the same
 * output lines, so raglens numbers can be checked against the reference tool.
 */
package io.github.raglens.eval.trec;
