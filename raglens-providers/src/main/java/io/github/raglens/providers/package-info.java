/**
 * HTTP clients for chat and embedding models: Ollama ({@link io.github.raglens.providers.Ollama}),
 * OpenAI and OpenAI-compatible servers ({@link io.github.raglens.providers.OpenAi}) and Groq
 * ({@link io.github.raglens.providers.Groq}), plus what they share: {@link
 * io.github.raglens.providers.ProviderBuilder} options and {@link
 * io.github.raglens.providers.Environment} lookup. A client is made by its provider's builder alone
 * ({@code OpenAi.chat(model)…build()}), which carries every option. Every client counts its replies'
 * tokens in the {@link io.github.raglens.usage.UsageLedger} it is given.
 *
 * <pre>{@code
 * UsageLedger ledger = new UsageLedger();
 * LlmProvider judge = OpenAi.chat("gpt-4o-mini")
 *     .apiKeyFromEnv("OPENAI_API_KEY")
 *     .requestsPerMinute(500)
 *     .usageLedger(ledger).stage("judge")
 *     .build();
 * ChatOutcome out = judge.chat(ChatRequest.builder().user("…").schema(schema).build());
 * double usd = ledger.costUsd();
 * }</pre>
 *
 * <p>Every client: retries connection errors, timeouts, 408, 409, 429 and 5xx with exponential
 * backoff and jitter, honouring {@code retry-after-ms}, {@code retry-after} (seconds or HTTP date)
 * and {@code x-ratelimit-reset-*}; never retries 400, 401, 403, 404, quota-exhausted or too-large
 * requests; fails a call at once when the server asks to wait longer than {@code maxRetryWait};
 * never lets OkHttp resend a request on its own; stops waiting at once when the thread is
 * interrupted (a {@link java.util.concurrent.CancellationException}, interrupt flag set). Rate
 * limits (requests and tokens per minute, adaptive concurrency) are shared by all clients of a
 * provider, base URL and model in the JVM. API keys never appear in a message, a log line or a
 * {@code toString()}.
 *
 * <p>A user's own RAG services over HTTP: a search service as a {@link io.github.raglens.spi.Retriever}
 * ({@link io.github.raglens.providers.HttpRetriever}) and a whole answering service as a {@link
 * io.github.raglens.spi.RagSystem} ({@link io.github.raglens.providers.HttpRagSystem}), with the
 * same timeouts, retries, concurrency limits and bad-reply rules. A retriever receives {@code POST
 * {"query": "...", "k": 10}} and replies {@code {"results": [{"text": "...", "id": "...", "score":
 * 0.5, "source": "file.pdf", "page": 3}]}}; a system receives {@code POST {"question": "..."}} and
 * replies {@code {"answer": "...", "contexts": [ the same objects ]}}. Only {@code text} is required
 * in a context; a {@code metadata} object, when present, is kept as strings.
 */
package io.github.raglens.providers;
