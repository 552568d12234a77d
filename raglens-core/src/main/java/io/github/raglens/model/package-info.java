/**
 * The data passed between raglens stages, as immutable records: documents and their section trees,
 * chunks, question samples, retrieval results and LLM calls; and the closed sets that options name
 * ({@link io.github.raglens.model.Relevance}, {@link io.github.raglens.model.JudgeMetric}), each an
 * enum whose {@code parse} is the one place its names are read.
 */
package io.github.raglens.model;
