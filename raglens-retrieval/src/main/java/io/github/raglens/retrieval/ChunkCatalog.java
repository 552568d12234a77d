package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Constant-time lookups over a corpus of chunks: a section's parent chunk, a section's fragments in
 * order, and a document's reading sequence.
 */
final class ChunkCatalog {

    /** A document's reading sequence and a chunk's position in it. */
    private record Position(List<Chunk> sequence, int index) {}

    /** A section of a document: what parents and fragments are grouped by. */
    record Section(String documentId, String sectionId) {

        /** The section of a chunk. */
        static Section of(Chunk c) {
            return new Section(c.documentId(), c.sectionId());
        }
    }

    private final Map<Section, Chunk> parentBySection = new HashMap<>();
    private final Map<Section, List<Chunk>> fragmentsBySection = new HashMap<>();
    private final Map<String, Position> positionById = new HashMap<>();
    private final Map<String, Position> fragmentPositionById = new HashMap<>();

    ChunkCatalog(Collection<Chunk> chunks) {
        Map<String, Chunk> byId = new HashMap<>();
        for (Chunk c : chunks) {
            byId.put(c.id(), c);
        }
        Map<String, List<Chunk>> byDocument = new HashMap<>();
        for (Chunk c : byId.values()) {
            Section key = Section.of(c);
            if (c.type() == ChunkType.PARENT_SECTION && !c.isFragment()) {
                parentBySection.merge(key, c, (a, b) -> a.id().compareTo(b.id()) <= 0 ? a : b);
            } else {
                fragmentsBySection.computeIfAbsent(key, x -> new ArrayList<>()).add(c);
            }
        }
        Comparator<Chunk> byFragment =
                Comparator.comparingInt(Chunk::fragmentIndex).thenComparing(Chunk::id);
        for (Map.Entry<Section, List<Chunk>> e : fragmentsBySection.entrySet()) {
            List<Chunk> sorted = new ArrayList<>(e.getValue());
            sorted.sort(byFragment);
            List<Chunk> fixed = List.copyOf(sorted);
            e.setValue(fixed);
            for (int i = 0; i < fixed.size(); i++) {
                fragmentPositionById.put(fixed.get(i).id(), new Position(fixed, i));
            }
        }
        Set<Section> fragmented = new HashSet<>(fragmentsBySection.keySet());
        for (Chunk c : byId.values()) {
            boolean duplicatesFragments = !c.isFragment() && fragmented.contains(Section.of(c));
            if (!duplicatesFragments) {
                byDocument
                        .computeIfAbsent(c.documentId(), x -> new ArrayList<>())
                        .add(c);
            }
        }
        Comparator<Chunk> byOrder = Comparator.comparingInt(Chunk::order).thenComparing(Chunk::id);
        for (List<Chunk> seq : byDocument.values()) {
            seq.sort(byOrder);
            List<Chunk> fixed = List.copyOf(seq);
            for (int i = 0; i < fixed.size(); i++) {
                positionById.put(fixed.get(i).id(), new Position(fixed, i));
            }
        }
    }

    /**
     * The chunk holding the whole section of a matched chunk: for a fragment, its section's
     * {@code PARENT_SECTION} chunk (found by section id, then by parent section id); otherwise, or when
     * there is none, the chunk itself.
     */
    Chunk parentOf(Chunk c) {
        if (!c.isFragment() && c.type() == ChunkType.PARENT_SECTION) {
            return c;
        }
        Chunk p = parentBySection.get(Section.of(c));
        if (p == null && c.parentSectionId() != null) {
            p = parentBySection.get(new Section(c.documentId(), c.parentSectionId()));
        }
        return p == null ? c : p;
    }

    /** The fragments of the chunk's section within {@code window} places of it, in order; never across sections. */
    List<Chunk> siblingWindow(Chunk c, int window) {
        Position p = c.isFragment() ? fragmentPositionById.get(c.id()) : null;
        if (p == null) {
            return List.of(c);
        }
        return p.sequence()
                .subList(Math.max(0, p.index() - window), Math.min(p.sequence().size(), p.index() + window + 1));
    }

    /**
     * The chunks within {@code window} places of the chunk in its document's reading order (fragments
     * stand in for the parent chunks of split sections), in order; the chunk alone when it is a parent
     * of fragments or unknown.
     */
    List<Chunk> orderWindow(Chunk c, int window) {
        Position p = positionById.get(c.id());
        if (p == null) {
            return List.of(c);
        }
        return p.sequence()
                .subList(Math.max(0, p.index() - window), Math.min(p.sequence().size(), p.index() + window + 1));
    }

    /** Whether the chunk is the parent of a section that also has fragments. */
    boolean isSplitParent(Chunk c) {
        return !c.isFragment() && fragmentsBySection.containsKey(Section.of(c));
    }
}
