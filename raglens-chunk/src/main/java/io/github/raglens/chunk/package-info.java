/**
 * Cuts documents into retrievable chunks: the section-aware hierarchical {@link
 * io.github.raglens.chunk.SectionChunker}, the baselines {@link
 * io.github.raglens.chunk.SlidingWindowChunker} and {@link io.github.raglens.chunk.RecursiveChunker}
 * to compare it against, each made by its builder.
 */
package io.github.raglens.chunk;
