package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A retriever's {@link RetrievalConfig} with its verdicts remembered per section path: a chunk's
 * exclusion depends only on its section's title, and a query looks at hundreds of candidates of the
 * same few thousand sections, so normalising each title once instead of per candidate per query takes
 * the filter out of the query's cost. Thread-safe.
 */
final class ChunkFilter {

    /** Section paths remembered; beyond this many, verdicts are computed each time. */
    private static final int MAX_REMEMBERED = 1 << 16;

    private final RetrievalConfig config;
    private final Map<String, Boolean> excludedByPath = new ConcurrentHashMap<>();

    ChunkFilter(RetrievalConfig config) {
        this.config = config;
    }

    RetrievalConfig config() {
        return config;
    }

    /** Whether retrievers must drop this chunk ({@link RetrievalConfig#isExcluded}). */
    boolean isExcluded(Chunk chunk) {
        if (config.excludedSectionTitles().isEmpty()) {
            return false;
        }
        String path = chunk.sectionPath();
        Boolean known = excludedByPath.get(path);
        if (known != null) {
            return known;
        }
        boolean excluded = config.isExcluded(chunk);
        if (excludedByPath.size() < MAX_REMEMBERED) {
            excludedByPath.put(path, excluded);
        }
        return excluded;
    }

    @Override
    public String toString() {
        return config.toString();
    }
}
