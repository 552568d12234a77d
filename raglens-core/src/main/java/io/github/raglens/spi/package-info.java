/**
 * The plug-in interfaces of raglens. Users implement the same interfaces to plug in their own
 * parser, chunker, embedding model, retriever, LLM or judge; the contract tests in the
 * {@code raglens-core} test jar check an implementation against what callers rely on. {@link
 * io.github.raglens.spi.StructuredReply} reads a chat model's reply by raglens's rules, for an {@link
 * io.github.raglens.spi.LlmProvider} over another chat library.
 */
package io.github.raglens.spi;
