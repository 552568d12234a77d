package io.github.raglens.solr;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.spi.Retriever;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Expands each hit of a base retriever through the links stored with the chunks, as the in-process
 * expanding retrievers do: {@code hierarchical} promotes a hit to its whole-section chunk (keeping the
 * fragment as matched, a section appearing once at its best fragment's score); {@code hier-neighbor}
 * adds one sibling fragment each side inside the section; {@code neighbor} one chunk each side in the
 * document's reading order. An expanded hit whose matched chunk already lies in a better hit's context
 * (or in a section returned whole) is dropped, so no text is handed on twice.
 */
final class SolrExpandingRetriever implements Retriever {

    /** How a hit is expanded. */
    enum Mode {
        PARENT(RetrieverKind.HIERARCHICAL),
        SIBLINGS(RetrieverKind.HIER_NEIGHBOR),
        READING_ORDER(RetrieverKind.NEIGHBOR);

        final RetrieverKind kind;

        Mode(RetrieverKind kind) {
            this.kind = kind;
        }
    }

    private static final int WINDOW = 1;

    private final SolrIndex index;
    private final Retriever base;
    private final Mode mode;
    private final Set<String> excludedTitles;

    SolrExpandingRetriever(SolrIndex index, Retriever base, Mode mode, Set<String> excludedTitles) {
        this.index = index;
        this.base = base;
        this.mode = mode;
        this.excludedTitles = excludedTitles;
    }

    @Override
    public String name() {
        return mode.kind.label();
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        return SolrRanking.retrieve(name(), query, k, excludedTitles, (q, depth) -> {
            List<RetrievedChunk> hits = base.retrieve(q, depth).hits();
            Set<String> ids = new LinkedHashSet<>();
            hits.forEach(h -> ids.add(h.matched().id()));
            Map<String, StoredChunk> matched = index.byIds(ids);
            List<Candidate> out = mode == Mode.PARENT ? promote(hits, matched) : expand(hits, matched);
            return new SolrRanking.Candidates(out, hits.size() >= depth);
        });
    }

    private List<Candidate> promote(List<RetrievedChunk> hits, Map<String, StoredChunk> matched) {
        Set<String> parentIds = new HashSet<>();
        for (StoredChunk s : matched.values()) {
            if (s.parentId() != null) {
                parentIds.add(s.parentId());
            }
        }
        Map<String, StoredChunk> parents = index.byIds(parentIds);
        List<Candidate> out = new ArrayList<>(hits.size());
        for (RetrievedChunk h : hits) {
            StoredChunk s = matched.get(h.matched().id());
            StoredChunk p = s == null || s.parentId() == null ? null : parents.get(s.parentId());
            Chunk parent = p == null ? h.matched() : p.chunk();
            out.add(new Candidate(parent, h.matched(), List.of(parent), h.score()));
        }
        return out;
    }

    private List<Candidate> expand(List<RetrievedChunk> hits, Map<String, StoredChunk> matched) {
        boolean siblings = mode == Mode.SIBLINGS;
        Map<String, Deque<StoredChunk>> windows = new HashMap<>();
        for (StoredChunk s : matched.values()) {
            Deque<StoredChunk> w = new ArrayDeque<>();
            w.add(s);
            windows.put(s.id(), w);
        }
        for (int step = 0; step < WINDOW; step++) {
            Set<String> wanted = new HashSet<>();
            for (Deque<StoredChunk> w : windows.values()) {
                if (follows(w.getFirst(), siblings)) {
                    w.getFirst().link(siblings, false).ifPresent(wanted::add);
                    w.getLast().link(siblings, true).ifPresent(wanted::add);
                }
            }
            Map<String, StoredChunk> found = index.byIds(wanted);
            for (Deque<StoredChunk> w : windows.values()) {
                if (follows(w.getFirst(), siblings)) {
                    StoredChunk first = w.getFirst();
                    StoredChunk last = w.getLast();
                    first.link(siblings, false).map(found::get).ifPresent(w::addFirst);
                    last.link(siblings, true).map(found::get).ifPresent(w::addLast);
                }
            }
        }
        Set<String> covered = new HashSet<>();
        Set<String> wholeSections = new HashSet<>();
        List<Candidate> out = new ArrayList<>(hits.size());
        for (RetrievedChunk h : hits) {
            Chunk m = h.matched();
            if (SolrRanking.isExcluded(m, excludedTitles)
                    || covered.contains(m.id())
                    || wholeSections.contains(m.documentId() + '\u0000' + m.sectionId())) {
                continue;
            }
            Deque<StoredChunk> w = windows.get(m.id());
            List<Chunk> context = new ArrayList<>();
            if (w == null) {
                context.add(m);
            } else {
                for (StoredChunk c : w) {
                    if (c.id().equals(m.id()) || !SolrRanking.isExcluded(c.chunk(), excludedTitles)) {
                        context.add(c.chunk());
                    }
                }
            }
            context.forEach(c -> covered.add(c.id()));
            StoredChunk stored = matched.get(m.id());
            if (stored != null && stored.splitParent()) {
                wholeSections.add(m.documentId() + '\u0000' + m.sectionId());
            }
            out.add(new Candidate(m, m, context, h.score()));
        }
        return out;
    }

    /** Siblings are followed from fragments only; the reading order from every chunk that has a place in it. */
    private static boolean follows(StoredChunk s, boolean siblings) {
        return !siblings || s.chunk().isFragment();
    }

    @Override
    public String toString() {
        return "SolrExpandingRetriever[" + name() + ", base=" + base.name() + "]";
    }
}
