/**
 * Spring AI and raglens: a Spring AI vector store, document retriever, chat model or RAG chat
 * client becomes a raglens {@link io.github.raglens.spi.Retriever}, {@link
 * io.github.raglens.spi.LlmProvider} or {@link io.github.raglens.spi.RagSystem}, and any raglens
 * {@link io.github.raglens.spi.EmbeddingProvider} (the in-process ONNX models) a Spring AI {@code
 * EmbeddingModel}. Start at {@link io.github.raglens.springai.SpringAi}.
 *
 * <p>Spring AI is a {@code provided} dependency: the application brings its own. Tested with Spring
 * AI 1.1.2 on Spring Framework 6.2.14 (the Spring Boot 3.5 line).
 */
package io.github.raglens.springai;
