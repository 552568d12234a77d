package io.github.raglens.solr;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The links stored with each chunk so that expansion needs no corpus in memory: a fragment's
 * whole-section chunk, its sibling fragments in section order (never across a section), and its
 * neighbours in the document's reading order, in which a split section's fragments stand in for its
 * whole-section chunk. Computed over the chunks of one load, which must hold whole documents.
 */
final class ChunkLinks {

    private ChunkLinks() {}

    /** The chunks with their links, in input order (a repeated id keeps its last occurrence). */
    static List<StoredChunk> of(List<Chunk> chunks) {
        Map<String, Chunk> byId = new LinkedHashMap<>();
        for (Chunk c : chunks) {
            byId.put(c.id(), c);
        }
        Map<String, Chunk> parentBySection = new HashMap<>();
        Map<String, List<Chunk>> fragmentsBySection = new HashMap<>();
        for (Chunk c : byId.values()) {
            String key = key(c.documentId(), c.sectionId());
            if (isWholeSection(c)) {
                parentBySection.merge(key, c, (a, b) -> a.id().compareTo(b.id()) <= 0 ? a : b);
            } else {
                fragmentsBySection.computeIfAbsent(key, x -> new ArrayList<>()).add(c);
            }
        }
        Map<String, String[]> siblings = new HashMap<>();
        Comparator<Chunk> byFragment =
                Comparator.comparingInt(Chunk::fragmentIndex).thenComparing(Chunk::id);
        for (List<Chunk> section : fragmentsBySection.values()) {
            section.sort(byFragment);
            link(section, siblings);
        }
        Map<String, List<Chunk>> byDocument = new LinkedHashMap<>();
        for (Chunk c : byId.values()) {
            if (!(isWholeSection(c) && fragmentsBySection.containsKey(key(c.documentId(), c.sectionId())))) {
                byDocument
                        .computeIfAbsent(c.documentId(), x -> new ArrayList<>())
                        .add(c);
            }
        }
        Map<String, String[]> reading = new HashMap<>();
        Comparator<Chunk> byOrder = Comparator.comparingInt(Chunk::order).thenComparing(Chunk::id);
        for (List<Chunk> document : byDocument.values()) {
            document.sort(byOrder);
            link(document, reading);
        }
        List<StoredChunk> out = new ArrayList<>(byId.size());
        for (Chunk c : byId.values()) {
            Chunk parent = parentOf(c, parentBySection);
            String[] s = siblings.getOrDefault(c.id(), new String[2]);
            String[] r = reading.getOrDefault(c.id(), new String[2]);
            boolean split = isWholeSection(c) && fragmentsBySection.containsKey(key(c.documentId(), c.sectionId()));
            out.add(new StoredChunk(c, parent == c ? null : parent.id(), s[0], s[1], r[0], r[1], split));
        }
        return out;
    }

    private static boolean isWholeSection(Chunk c) {
        return c.type() == ChunkType.PARENT_SECTION && !c.isFragment();
    }

    private static Chunk parentOf(Chunk c, Map<String, Chunk> parentBySection) {
        if (isWholeSection(c)) {
            return c;
        }
        Chunk p = parentBySection.get(key(c.documentId(), c.sectionId()));
        if (p == null && c.parentSectionId() != null) {
            p = parentBySection.get(key(c.documentId(), c.parentSectionId()));
        }
        return p == null ? c : p;
    }

    private static void link(List<Chunk> sequence, Map<String, String[]> links) {
        for (int i = 0; i < sequence.size(); i++) {
            String prev = i > 0 ? sequence.get(i - 1).id() : null;
            String next = i + 1 < sequence.size() ? sequence.get(i + 1).id() : null;
            links.put(sequence.get(i).id(), new String[] {prev, next});
        }
    }

    private static String key(String documentId, String sectionId) {
        return documentId + '\u0000' + sectionId;
    }
}
