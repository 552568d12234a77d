/**
 * The workspace's chunk file ({@code chunks.jsonl}), read and written by {@link
 * io.github.raglens.store.ChunksFile}. The crash-safe, append-only JSONL store that the long stages
 * write their results through is internal to raglens.
 */
package io.github.raglens.store;
