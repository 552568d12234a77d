/**
 * Clients for a user's own RAG services over HTTP: a search service as a raglens {@link
 * io.github.raglens.spi.Retriever} ({@link io.github.raglens.providers.http.HttpRetriever}) and a
 * whole answering service as a {@link io.github.raglens.spi.RagSystem} ({@link
 * io.github.raglens.providers.http.HttpRagSystem}), with the providers' timeouts, retries,
 * concurrency limits and bad-reply rules.
 *
 * <p>The JSON contract: a retriever receives {@code POST {"query": "...", "k": 10}} and replies
 * {@code {"results": [{"text": "...", "id": "...", "score": 0.5, "source": "file.pdf", "page": 3}]}};
 * a system receives {@code POST {"question": "..."}} and replies {@code {"answer": "...",
 * "contexts": [ the same objects ]}}. Only {@code text} is required in a context; a {@code metadata}
 * object, when present, is kept as strings.
 */
package io.github.raglens.providers.http;
