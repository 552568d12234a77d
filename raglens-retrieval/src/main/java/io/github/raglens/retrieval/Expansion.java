package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievedChunk;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

/** Turns ranked hits into hits with a neighbour context, never handing on the same text twice. */
final class Expansion {

    private Expansion() {}

    static List<Hit> expand(
            List<RetrievedChunk> hits, ChunkFilter filter, ChunkCatalog catalog, Function<Chunk, List<Chunk>> window) {
        Set<String> covered = new HashSet<>();
        Set<ChunkCatalog.Section> wholeSections = new HashSet<>();
        List<Hit> out = new ArrayList<>(hits.size());
        for (RetrievedChunk h : hits) {
            Chunk m = h.matched();
            if (filter.isExcluded(m)
                    || covered.contains(m.id())
                    || wholeSections.contains(ChunkCatalog.Section.of(m))) {
                continue;
            }
            List<Chunk> context = new ArrayList<>();
            for (Chunk c : window.apply(m)) {
                if (c.equals(m) || !filter.isExcluded(c)) {
                    context.add(c);
                }
            }
            context.forEach(c -> covered.add(c.id()));
            if (catalog.isSplitParent(m)) {
                wholeSections.add(ChunkCatalog.Section.of(m));
            }
            out.add(new Hit(m, m, context, h.score()));
        }
        return out;
    }
}
