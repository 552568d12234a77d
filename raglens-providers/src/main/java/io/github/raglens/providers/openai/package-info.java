/**
 * Clients for OpenAI and any OpenAI-compatible server: chat ({@code /chat/completions}) and
 * embeddings ({@code /embeddings}). Start with {@link io.github.raglens.providers.openai.OpenAi}.
 */
package io.github.raglens.providers.openai;
