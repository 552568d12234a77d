package io.github.raglens.chunk.corpus;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.model.FlattenedSection;
import io.github.raglens.result.ChunkAudit;
import io.github.raglens.result.ChunkAudit.AuditFinding;
import io.github.raglens.result.ChunkAudit.AuditFinding.Level;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Checks a corpus's chunks before they are indexed.
 *
 * <p>Errors (the chunks must not be used): {@code empty-text} (a chunk whose text is blank), {@code
 * duplicate-id} (two chunks of the corpus with one id), {@code unknown-document} and {@code
 * unknown-section} (a chunk pointing at nothing), {@code order} (a document's chunks not numbered 0,
 * 1, 2 … in list order), {@code fragment-index} (the fragment indexes of a section not exactly 0..n−1),
 * {@code missing-parent} (a fragment whose {@code parentSectionId} has no {@code PARENT_SECTION} chunk
 * in its document; fragments with a {@code null} parent, as baseline chunkers make, have nothing to
 * promote to and are not checked), {@code span-out-of-range} (a character span beyond its section's
 * text). Warnings: {@code thin-chunk} (text shorter than the thin-chunk threshold, default 20
 * characters: too little to ask a question about).
 *
 * <p>Immutable and thread-safe.
 */
public final class ChunkAuditor {

    /** Default threshold under which a chunk is reported as thin. */
    public static final int DEFAULT_THIN_CHUNK_CHARS = 20;

    private final int thinChunkChars;

    private ChunkAuditor(int thinChunkChars) {
        this.thinChunkChars = thinChunkChars;
    }

    /** An auditor with the default thin-chunk threshold (20 characters). */
    public static ChunkAuditor standard() {
        return new ChunkAuditor(DEFAULT_THIN_CHUNK_CHARS);
    }

    /**
     * An auditor that warns about chunks shorter than {@code chars} characters; 0 turns the warning off.
     *
     * @throws IllegalArgumentException when negative
     */
    public static ChunkAuditor withThinChunkChars(int chars) {
        if (chars < 0) {
            throw new IllegalArgumentException("thinChunkChars must be >= 0, was " + chars);
        }
        return new ChunkAuditor(chars);
    }

    /**
     * Audits the chunks of a corpus.
     *
     * @param documents the documents the chunks were made from (for section ids and text lengths)
     * @param chunks all chunks of those documents, each document's in its chunk order
     * @return the findings, errors first
     */
    public ChunkAudit audit(List<Document> documents, List<Chunk> chunks) {
        Objects.requireNonNull(documents, "documents");
        Objects.requireNonNull(chunks, "chunks");
        Map<String, Map<String, Integer>> textLengths = new HashMap<>();
        for (Document d : documents) {
            Map<String, Integer> lengths = new HashMap<>();
            for (FlattenedSection s : SectionFlattener.flatten(d)) {
                lengths.put(s.sectionId(), s.text().length());
            }
            textLengths.put(d.id(), lengths);
        }
        List<AuditFinding> found = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        Set<String> reportedDuplicates = new HashSet<>();
        Map<String, Integer> nextOrder = new HashMap<>();
        Map<String, Set<String>> parents = new HashMap<>();
        Map<List<String>, List<Integer>> fragmentIndexes = new LinkedHashMap<>();
        for (Chunk c : chunks) {
            if (c.type() == ChunkType.PARENT_SECTION) {
                parents.computeIfAbsent(c.documentId(), k -> new HashSet<>()).add(c.sectionId());
            }
        }
        for (Chunk c : chunks) {
            String where =
                    "chunk '" + c.id() + "' (document '" + c.documentId() + "', section '" + c.sectionId() + "')";
            if (c.text().isBlank()) {
                found.add(error("empty-text", c, where + " has no text"));
            } else if (c.text().length() < thinChunkChars) {
                found.add(new AuditFinding(
                        Level.WARNING,
                        "thin-chunk",
                        c.documentId(),
                        c.id(),
                        where + " has only " + c.text().length() + " characters"));
            }
            if (!ids.add(c.id()) && reportedDuplicates.add(c.id())) {
                found.add(error("duplicate-id", c, "chunk id '" + c.id() + "' is used by more than one chunk"));
            }
            int expected = nextOrder.merge(c.documentId(), 1, Integer::sum) - 1;
            if (c.order() != expected) {
                found.add(error("order", c, where + " has order " + c.order() + ", expected " + expected));
                nextOrder.put(c.documentId(), c.order() + 1);
            }
            Map<String, Integer> lengths = textLengths.get(c.documentId());
            if (lengths == null) {
                found.add(error("unknown-document", c, where + " names a document that was not audited"));
            } else if (!lengths.containsKey(c.sectionId())) {
                found.add(error("unknown-section", c, where + " names a section the document does not have"));
            } else if (c.charEnd() > lengths.get(c.sectionId())) {
                found.add(error(
                        "span-out-of-range",
                        c,
                        where + " spans " + c.charStart() + ".." + c.charEnd() + " but the section text has "
                                + lengths.get(c.sectionId()) + " characters"));
            }
            if (c.isFragment()) {
                fragmentIndexes
                        .computeIfAbsent(List.of(c.documentId(), c.sectionId()), k -> new ArrayList<>())
                        .add(c.fragmentIndex());
                String parent = c.parentSectionId();
                if (parent != null
                        && !parents.getOrDefault(c.documentId(), Set.of()).contains(parent)) {
                    found.add(error(
                            "missing-parent",
                            c,
                            where + " is a fragment of section '" + parent + "', which has no PARENT_SECTION chunk"));
                }
            }
        }
        for (Map.Entry<List<String>, List<Integer>> e : fragmentIndexes.entrySet()) {
            List<Integer> indexes = e.getValue();
            Set<Integer> distinct = new TreeSet<>(indexes);
            boolean exact = distinct.size() == indexes.size()
                    && distinct.iterator().next() == 0
                    && ((TreeSet<Integer>) distinct).last() == indexes.size() - 1;
            if (!exact) {
                String doc = e.getKey().get(0);
                String section = e.getKey().get(1);
                found.add(new AuditFinding(
                        Level.ERROR,
                        "fragment-index",
                        doc,
                        "",
                        "section '" + section + "' of document '" + doc + "' has fragment indexes " + indexes
                                + ", expected 0.." + (indexes.size() - 1)));
            }
        }
        found.sort(Comparator.comparing(f -> f.level() == Level.ERROR ? 0 : 1));
        return new ChunkAudit(chunks.size(), found);
    }

    private static AuditFinding error(String check, Chunk c, String message) {
        return new AuditFinding(Level.ERROR, check, c.documentId(), c.id(), message);
    }

    @Override
    public String toString() {
        return "ChunkAuditor[thinChunkChars=" + thinChunkChars + "]";
    }
}
