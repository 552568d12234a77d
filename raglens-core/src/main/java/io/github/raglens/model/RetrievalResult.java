package io.github.raglens.model;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The ranked answer of a retriever to one query; the one result type of every retriever.
 *
 * @param retriever name of the retriever that produced it
 * @param query the query text
 * @param hits hits ordered by rank (1, 2, …), no chunk twice
 * @param latencyNanos wall time of the retrieval, excluding query embedding when measured apart
 */
public record RetrievalResult(String retriever, String query, List<RetrievedChunk> hits, long latencyNanos) {

    /** Validates the fields and copies the hits. */
    public RetrievalResult {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(query, "query");
        hits = List.copyOf(hits);
        if (latencyNanos < 0) {
            throw new IllegalArgumentException("latencyNanos must be >= 0, was " + latencyNanos);
        }
    }

    /**
     * The result of a retriever that returns texts rather than raglens chunks (a user's search
     * service, a framework's vector store), ranked in the order given.
     *
     * <p>Each context becomes a whole-section chunk whose id is the context's own id, or {@code
     * "text-"} followed by a hash of its text when it has none; whose document id is its source;
     * and whose pages are its page. A context whose id was already seen in this result is dropped,
     * so the result holds no chunk twice. Scores are the contexts' own when every context has one and
     * they never rise down the list; otherwise they are 1/rank, so that the given order is the ranking
     * everywhere (trec_eval orders a run by score, and would reorder contexts whose scores rise).
     *
     * @param retriever name of the retriever that produced it
     * @param query the query text
     * @param contexts the returned contexts, best first
     * @param latencyNanos wall time of the call
     * @return the ranked result
     */
    public static RetrievalResult ofContexts(
            String retriever, String query, List<RetrievedContext> contexts, long latencyNanos) {
        boolean ownScores = fallsWithRank(contexts);
        Set<String> seen = new HashSet<>();
        List<RetrievedChunk> hits = new ArrayList<>(contexts.size());
        for (RetrievedContext context : contexts) {
            String id = context.id().isEmpty() ? textId(context.text()) : context.id();
            if (!seen.add(id)) {
                continue;
            }
            int rank = hits.size() + 1;
            Chunk chunk = new Chunk(
                    id,
                    context.source(),
                    id,
                    null,
                    context.source(),
                    ChunkType.PARENT_SECTION,
                    Chunk.WHOLE_SECTION,
                    rank - 1,
                    context.text(),
                    0,
                    context.text().length(),
                    context.page(),
                    context.page());
            hits.add(RetrievedChunk.of(rank, ownScores ? context.score() : 1.0 / rank, chunk));
        }
        return new RetrievalResult(retriever, query, hits, latencyNanos);
    }

    private static boolean fallsWithRank(List<RetrievedContext> contexts) {
        double previous = Double.POSITIVE_INFINITY;
        for (RetrievedContext c : contexts) {
            if (Double.isNaN(c.score()) || c.score() > previous) {
                return false;
            }
            previous = c.score();
        }
        return true;
    }

    private static String textId(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "text-" + HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** The ids of the hits' chunks, in rank order. */
    public List<String> chunkIds() {
        return hits.stream().map(h -> h.chunk().id()).toList();
    }
}
