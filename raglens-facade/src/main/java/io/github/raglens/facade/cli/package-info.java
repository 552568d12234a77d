/**
 * What the facade offers the raglens command alone: models made from a provider's name and a model
 * name, as the CLI's flags give them. Exported to the CLI only; in code a chat or embedding model
 * comes from its provider's builder ({@code OpenAi.chat(model)}, {@code OnnxEmbeddings.builder()}).
 */
package io.github.raglens.facade.cli;
