/**
 * The data passed between raglens stages, as immutable records: documents and their section trees,
 * chunks, question samples, retrieval results and LLM calls.
 */
package io.github.raglens.model;
