/** Chunkers: section-aware hierarchical chunking and the baselines to compare it with. */
package io.github.raglens.chunk;
