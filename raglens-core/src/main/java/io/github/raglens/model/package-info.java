/**
 * The data passed between raglens stages, as immutable records: documents and their section trees,
 * chunks, question samples, retrieval results and LLM calls; and the closed sets that options name
 * ({@link io.github.raglens.model.RetrieverKind}, {@link io.github.raglens.model.Relevance}, {@link
 * io.github.raglens.model.JudgeMetric}, {@link io.github.raglens.model.ProviderKind}), each an enum
 * whose {@code parse} is the one place its names are read and whose members carry their own rules.
 */
package io.github.raglens.model;
