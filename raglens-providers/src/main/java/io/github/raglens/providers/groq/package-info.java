/** Groq's chat models, through its OpenAI-compatible API. Start with {@link io.github.raglens.providers.groq.Groq}. */
package io.github.raglens.providers.groq;
