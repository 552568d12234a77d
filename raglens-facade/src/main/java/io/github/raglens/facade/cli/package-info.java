/**
 * What the facade offers the raglens command alone: models made from a provider's name and a model
 * name, chunkers from their kind, and the clients of HTTP services made from a URL, as the CLI's
 * flags give them. Exported to the CLI only; in code each comes from its builder ({@code
 * OpenAi.chat(model)}, {@code OnnxEmbeddings.builder()}, {@code SectionChunker.builder()}, {@code
 * HttpRetriever.builder(name, url)}).
 */
package io.github.raglens.facade.cli;
