/**
 * Clients for a local or remote Ollama server: chat ({@code /api/chat}) and embeddings ({@code
 * /api/embed}). Start with {@link io.github.raglens.providers.ollama.Ollama}.
 */
package io.github.raglens.providers.ollama;
