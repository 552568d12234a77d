/**
 * LangChain4j and raglens, both ways: a LangChain4j content retriever, embedding store, chat model
 * or RAG pipeline becomes a raglens {@link io.github.raglens.spi.Retriever}, {@link
 * io.github.raglens.spi.LlmProvider} or {@link io.github.raglens.spi.RagSystem}, and any raglens
 * {@link io.github.raglens.spi.EmbeddingProvider} (the in-process ONNX models) becomes a LangChain4j
 * {@code EmbeddingModel}. Start at {@link io.github.raglens.langchain4j.LangChain4j}.
 *
 * <p>LangChain4j is a {@code provided} dependency: the application brings its own. Tested with
 * {@code langchain4j-core} 1.20.0 and {@code langchain4j} 1.19.0.
 */
package io.github.raglens.langchain4j;
