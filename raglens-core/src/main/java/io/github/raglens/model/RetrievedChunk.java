package io.github.raglens.model;

import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * One ranked hit of a retriever.
 *
 * <p>Plain retrievers return the matched chunk itself: {@code chunk == matched} and the context is
 * that chunk alone. Expanding retrievers return a larger context (the parent section, or the matched
 * fragment with its neighbours) and keep the child that matched.
 *
 * @param rank 1-based rank
 * @param score the retriever's score; higher is better; scores are comparable only within a result
 * @param chunk the chunk that represents this hit (for hierarchical retrieval, the parent section)
 * @param matched the chunk whose text matched the query
 * @param context the chunks whose text forms the context handed to an LLM, in document order
 */
public record RetrievedChunk(int rank, double score, Chunk chunk, Chunk matched, List<Chunk> context) {

    /** Validates the fields and copies the context. */
    public RetrievedChunk {
        if (rank < 1) {
            throw new IllegalArgumentException("rank must be >= 1, was " + rank);
        }
        Objects.requireNonNull(chunk, "chunk");
        Objects.requireNonNull(matched, "matched");
        context = List.copyOf(context);
        if (context.isEmpty()) {
            throw new IllegalArgumentException("context must hold at least one chunk");
        }
    }

    /** A hit that is its own context. */
    public static RetrievedChunk of(int rank, double score, Chunk chunk) {
        return new RetrievedChunk(rank, score, chunk, chunk, List.of(chunk));
    }

    /** The context's texts joined by blank lines. */
    public String contextText() {
        return context.stream().map(Chunk::text).collect(Collectors.joining("\n\n"));
    }
}
