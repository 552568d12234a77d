package io.github.raglens;

import io.github.raglens.model.Chunk;
import io.github.raglens.retrieval.LuceneIndex;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether the index a stopped run left behind can be continued: it must hold vectors of the
 * same model (or none, for a BM25-only index) and only chunks that are still in chunks.jsonl,
 * unchanged. Then its committed vectors are kept and only the missing chunks are embedded.
 */
final class IndexResume {

    private IndexResume() {}

    /**
     * Whether the index in {@code dir} can be resumed for these chunks.
     *
     * @param model the embedding model's name, or null for a BM25-only index
     */
    static boolean canResume(Path dir, List<Chunk> chunks, String model) {
        if (!Files.isDirectory(dir)) {
            return false;
        }
        try (LuceneIndex index = LuceneIndex.builder().directory(dir).open()) {
            Optional<String> indexed = index.embeddingModel();
            boolean sameModel = index.size() == 0 || Objects.equals(indexed.orElse(null), model);
            return sameModel && unchanged(index.chunks(), chunks);
        }
    }

    /** The chunks the index does not hold yet, in chunks.jsonl order. */
    static List<Chunk> missing(LuceneIndex index, List<Chunk> chunks) {
        Set<String> present = new HashSet<>();
        index.chunks().forEach(c -> present.add(c.id()));
        return chunks.stream().filter(c -> !present.contains(c.id())).toList();
    }

    private static boolean unchanged(List<Chunk> indexed, List<Chunk> chunks) {
        Map<String, Chunk> byId = new HashMap<>();
        chunks.forEach(c -> byId.put(c.id(), c));
        return indexed.stream().allMatch(c -> c.equals(byId.get(c.id())));
    }
}
