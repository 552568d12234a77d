/** HTTP clients for chat and embedding models: Ollama, OpenAI and Groq. */
package io.github.raglens.providers;
