/**
 * Judged relevance: the top passages of every system for a question pooled into one set (passages
 * with the same text merged), each graded 0–3 by the judge (evidence-bearing passages 3 without a
 * call), written as graded TREC qrels beside run files over the pooled passages, and every system's
 * measures computed from them by raglens's {@code trec_eval}.
 *
 * <p>Not part of the API: the module exports this package to other raglens modules only, and users
 * reach what it does through {@code RagLens}. Anything here may change in any release.
 */
package io.github.raglens.eval.pool;
