package io.github.raglens.facade.internal;

import io.github.raglens.ProgressListener;
import io.github.raglens.model.Chunk;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.spi.IndexBackend;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;

/**
 * Loads chunks into an index, whichever backend holds it, in committed slices. Before the first slice
 * the index records that it is being loaded with these chunks and vectors ({@link LoadState}), and
 * only after the last one that the load is complete, so a load that stopped is never taken as
 * current: the next load of the same chunks and vectors resumes it (only the chunks the index lacks
 * are embedded), any other starts afresh. An index complete for the same chunks and vectors is left
 * as it is. An index whose vectors are the same and whose chunks all still stand unchanged is kept
 * and completed, so a grown corpus embeds only its new chunks.
 */
public final class IndexLoader {

    private final String stage;
    private final int slice;

    /**
     * @param stage the progress stage, e.g. {@code index}
     * @param slice chunks embedded and committed together: a stopped load keeps every finished slice,
     *     and a stop waits for at most one slice
     */
    IndexLoader(String stage, int slice) {
        this.stage = stage;
        this.slice = slice;
    }

    /**
     * What a load did.
     *
     * @param loaded false when the index was complete for these chunks and vectors already
     * @param reused chunks the index held that were not embedded again
     * @param state the index's state now, as recorded in it
     */
    record Result(boolean loaded, int reused, String state) {}

    /**
     * Makes the index hold exactly these chunks with these vectors.
     *
     * @param embeddings the embedding model, or null for text alone
     * @throws CancellationException when the thread was interrupted; every finished slice is committed
     */
    Result load(IndexBackend.Index index, List<Chunk> chunks, EmbeddingProvider embeddings, ProgressListener progress) {
        LoadState target = LoadState.of(chunks, embeddings);
        Optional<LoadState> held = index.loadState().flatMap(LoadState::parse);
        if (held.equals(Optional.of(target.completed()))) {
            return new Result(false, chunks.size(), target.completed().text());
        }
        // the held chunks are read once: on a remote backend this pages through the whole collection
        List<Chunk> indexed = index.size() == 0 ? List.of() : index.chunks();
        boolean keep =
                indexed.isEmpty() || held.isPresent() && held.get().sameVectors(target) && unchanged(indexed, chunks);
        if (!keep) {
            index.clear();
            indexed = List.of();
        }
        index.recordLoadState(target.text());
        Set<String> present = new HashSet<>();
        indexed.forEach(c -> present.add(c.id()));
        List<Chunk> missing =
                chunks.stream().filter(c -> !present.contains(c.id())).toList();
        int reused = chunks.size() - missing.size();
        String status = (embeddings == null ? "bm25 only" : embeddings.modelName())
                + (reused > 0 ? ", " + reused + " reused" : "");
        progress.progress(stage, reused, chunks.size(), status);
        IndexBackend.Index.Adder adder = index.adder(chunks, embeddings);
        for (int from = 0; from < missing.size(); from += slice) {
            if (Thread.currentThread().isInterrupted()) {
                throw new CancellationException(stage + " stopped after " + (reused + from) + " of " + chunks.size()
                        + " chunks; they are committed and the next run embeds only the rest");
            }
            List<Chunk> part = missing.subList(from, Math.min(missing.size(), from + slice));
            adder.add(part);
            progress.progress(stage, reused + from + part.size(), chunks.size(), status);
        }
        index.recordLoadState(target.completed().text());
        return new Result(true, reused, target.completed().text());
    }

    /** Whether every chunk the index holds is among the chunks, unchanged. */
    private static boolean unchanged(List<Chunk> indexed, List<Chunk> chunks) {
        Map<String, Chunk> byId = new HashMap<>();
        chunks.forEach(c -> byId.put(c.id(), c));
        return indexed.stream().allMatch(c -> c.equals(byId.get(c.id())));
    }
}
