package io.github.raglens.facade.internal;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Maps the sources a user's system names (a file name or path, {@code "reports/Q3 Plan.pdf"}) to
 * the ids of the ingested documents ({@code q3-plan-<hash>}), so document relevance grades systems
 * outside raglens. A source naming no ingested file keeps its own text as document id and so never
 * matches.
 */
public final class SourceDocuments {

    private final Map<String, String> idByStem = new HashMap<>();

    SourceDocuments(Collection<String> documentIds) {
        for (String id : documentIds) {
            if (id.matches(".+-[0-9a-f]{12}")) {
                idByStem.put(id.substring(0, id.length() - 13), id);
            }
        }
    }

    static SourceDocuments of(List<Chunk> chunks) {
        return new SourceDocuments(
                chunks.stream().map(Chunk::documentId).distinct().toList());
    }

    /** The ingested document a source names, by its file name without extension, as document ids are made. */
    Optional<String> documentOf(String source) {
        String name = source.replace('\\', '/');
        name = name.substring(name.lastIndexOf('/') + 1);
        int dot = name.lastIndexOf('.');
        String stem = (dot > 0 ? name.substring(0, dot) : name)
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9._-]+", "-");
        return Optional.ofNullable(idByStem.get(stem));
    }

    /** The retriever with each hit's document id replaced by the ingested document its source names. */
    Retriever mapped(Retriever retriever) {
        return new Retriever() {
            @Override
            public String name() {
                return retriever.name();
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                RetrievalResult r = retriever.retrieve(query, k);
                List<RetrievedChunk> hits = new ArrayList<>(r.hits().size());
                for (RetrievedChunk h : r.hits()) {
                    Chunk c = h.chunk();
                    Chunk mapped = documentOf(c.documentId())
                            .map(id -> new Chunk(
                                    c.id(),
                                    id,
                                    c.sectionId(),
                                    c.parentSectionId(),
                                    c.sectionPath(),
                                    c.type(),
                                    c.fragmentIndex(),
                                    c.order(),
                                    c.text(),
                                    c.charStart(),
                                    c.charEnd(),
                                    c.pageStart(),
                                    c.pageEnd()))
                            .orElse(c);
                    hits.add(
                            h.chunk() == h.matched() && h.context().size() == 1
                                    ? RetrievedChunk.of(h.rank(), h.score(), mapped)
                                    : new RetrievedChunk(h.rank(), h.score(), mapped, h.matched(), h.context()));
                }
                return new RetrievalResult(r.retriever(), r.query(), hits, r.latencyNanos());
            }

            @Override
            public String toString() {
                return retriever.toString();
            }
        };
    }
}
