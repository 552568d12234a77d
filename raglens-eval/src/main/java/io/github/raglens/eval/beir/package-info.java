/** Retrieval evaluation on BEIR-format judgements: nDCG@10, Recall@100 and MRR@10 over any retriever. */
package io.github.raglens.eval.beir;
