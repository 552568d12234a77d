/**
 * Cuts documents into retrievable chunks: the section-aware hierarchical {@link
 * io.github.raglens.chunk.SectionChunker}, the baselines {@link
 * io.github.raglens.chunk.SlidingWindowChunker} and {@link io.github.raglens.chunk.RecursiveChunker}
 * to compare it against, and {@link io.github.raglens.chunk.Chunkers} to get one by its
 * {@link io.github.raglens.model.ChunkerKind}.
 */
package io.github.raglens.chunk;
