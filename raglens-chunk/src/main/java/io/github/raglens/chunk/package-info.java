/**
 * Cuts documents into retrievable chunks: the section-aware hierarchical {@link
 * io.github.raglens.chunk.SectionChunker}, the baselines {@link
 * io.github.raglens.chunk.SlidingWindowChunker} and {@link io.github.raglens.chunk.RecursiveChunker}
 * to compare it against, the {@link io.github.raglens.chunk.SectionFlattener} that turns a section
 * tree into a list, and the {@link io.github.raglens.chunk.ChunkAuditor} that checks a chunk list
 * before it is indexed.
 */
package io.github.raglens.chunk;
