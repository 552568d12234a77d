/**
 * Chunking a whole corpus for the facade's ingest stage: each document flattened into its sections
 * ({@link io.github.raglens.chunk.corpus.SectionFlattener}), chunked with a {@code Chunker}, and
 * the result audited ({@link io.github.raglens.chunk.corpus.ChunkAuditor}). Exported to the facade
 * only; not part of the API.
 */
package io.github.raglens.chunk.corpus;
