package io.github.raglens.chunk;

import io.github.raglens.chunk.StructurePreserver.Span;
import io.github.raglens.chunk.corpus.SectionFlattener;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.model.FlattenedSection;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A document's text as one string, the way structure-blind chunkers see it: the sections' texts in
 * reading order joined by a blank line, and the way back from an offset of that string to a section.
 */
final class DocumentText {

    static final String JOINER = "\n\n";

    private final List<FlattenedSection> sections = new ArrayList<>();
    private final List<Integer> starts = new ArrayList<>();
    private final String text;

    DocumentText(Document document) {
        StringBuilder sb = new StringBuilder();
        for (FlattenedSection s : SectionFlattener.flatten(document)) {
            if (s.text().isBlank()) {
                continue;
            }
            if (!sections.isEmpty()) {
                sb.append(JOINER);
            }
            sections.add(s);
            starts.add(sb.length());
            sb.append(s.text());
        }
        this.text = sb.toString();
    }

    String text() {
        return text;
    }

    /**
     * Turns pieces of the document text into chunks: each belongs to the section where it starts
     * (the blank line after a section counts as that section's), with its span clipped to that
     * section's text and fragment indexes counted per section.
     */
    List<Chunk> toChunks(String documentId, List<Span> pieces) {
        List<Chunk> out = new ArrayList<>(pieces.size());
        Map<String, Integer> perSection = new HashMap<>();
        for (Span p : pieces) {
            String body = text.substring(p.start(), p.end());
            if (body.isBlank()) {
                continue;
            }
            int first = sectionAt(p.start());
            int last = sectionAt(Math.max(p.start(), p.end() - 1));
            FlattenedSection s = sections.get(first);
            int base = starts.get(first);
            int len = s.text().length();
            int start = Math.min(p.start() - base, len);
            int end = Math.min(p.end() - base, len);
            int pageStart = s.pageStart();
            int pageEnd = s.pageEnd();
            for (int i = first + 1; i <= last; i++) {
                pageEnd = Math.max(pageEnd, sections.get(i).pageEnd());
            }
            int index = perSection.merge(s.sectionId(), 1, Integer::sum) - 1;
            String id = ChunkIds.of(documentId, s.sectionId(), ChunkType.SECTION_FRAGMENT, index, body);
            out.add(new Chunk(
                    id,
                    documentId,
                    s.sectionId(),
                    null,
                    s.path(),
                    ChunkType.SECTION_FRAGMENT,
                    index,
                    out.size(),
                    body,
                    start,
                    end,
                    pageStart,
                    pageEnd));
        }
        return List.copyOf(out);
    }

    /** Index of the section whose text (or the joiner after it) holds the offset. */
    private int sectionAt(int offset) {
        int lo = 0;
        int hi = starts.size() - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) >>> 1;
            if (starts.get(mid) <= offset) {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        return lo;
    }
}
