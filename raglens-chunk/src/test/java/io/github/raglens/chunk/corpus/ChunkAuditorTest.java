package io.github.raglens.chunk.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.chunk.SectionChunker;
import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.chunk.TestDocuments;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.result.ChunkAudit;
import io.github.raglens.result.ChunkAudit.AuditFinding;
import io.github.raglens.result.ChunkAudit.AuditFinding.Level;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class ChunkAuditorTest {

    private static final Document DOC = TestDocuments.oneSection(TestDocuments.words(4_000));
    private static final List<Chunk> GOOD = SectionChunker.builder().build().chunk(DOC);

    private static Chunk with(Chunk c, String id, String text, int fragmentIndex, int order, String parent, int end) {
        return new Chunk(
                id,
                c.documentId(),
                c.sectionId(),
                parent,
                c.sectionPath(),
                c.type(),
                fragmentIndex,
                order,
                text,
                c.charStart(),
                end,
                c.pageStart(),
                c.pageEnd());
    }

    private static List<String> messages(List<Chunk> chunks) {
        return ChunkAuditor.standard().audit(List.of(DOC), chunks).findings().stream()
                .map(AuditFinding::toString)
                .toList();
    }

    @Test
    void audit_chunksOfTheSectionChunker_areClean() {
        ChunkAudit audit = ChunkAuditor.standard().audit(List.of(DOC), GOOD);
        assertThat(audit.findings()).isEmpty();
        assertThat(audit.hasErrors()).isFalse();
        assertThat(audit.summary()).isEqualTo("audit of " + GOOD.size() + " chunks: 0 errors, 0 warnings");
    }

    @Test
    void audit_blankText_isAnError() {
        List<Chunk> chunks = new ArrayList<>(GOOD);
        Chunk f = chunks.get(1);
        chunks.set(1, with(f, f.id(), " ", f.fragmentIndex(), f.order(), f.parentSectionId(), f.charEnd()));
        assertThat(messages(chunks))
                .containsExactly("ERROR empty-text: chunk '" + f.id() + "' (document 'doc', section 's1') has no text");
    }

    @Test
    void audit_thinChunk_isAWarningOnly() {
        List<Chunk> chunks = new ArrayList<>(GOOD);
        Chunk f = chunks.get(1);
        chunks.set(1, with(f, f.id(), "tiny", f.fragmentIndex(), f.order(), f.parentSectionId(), f.charEnd()));
        ChunkAudit audit = ChunkAuditor.standard().audit(List.of(DOC), chunks);
        assertThat(audit.findings())
                .extracting(AuditFinding::toString)
                .containsExactly("WARNING thin-chunk: chunk '" + f.id()
                        + "' (document 'doc', section 's1') has only 4 characters");
        assertThat(audit.hasErrors()).isFalse();
        assertThat(audit.summary()).isEqualTo("audit of " + GOOD.size() + " chunks: 0 errors, 1 warning");
    }

    @Test
    void audit_duplicateId_isReportedOnce() {
        List<Chunk> chunks = new ArrayList<>(GOOD);
        String id = chunks.get(1).id();
        for (int i = 2; i <= 3; i++) {
            Chunk c = chunks.get(i);
            chunks.set(i, with(c, id, c.text(), c.fragmentIndex(), c.order(), c.parentSectionId(), c.charEnd()));
        }
        assertThat(messages(chunks))
                .containsExactly("ERROR duplicate-id: chunk id '" + id + "' is used by more than one chunk");
    }

    @Test
    void audit_fragmentIndexesWithAGap_isAnError() {
        List<Chunk> chunks = new ArrayList<>(GOOD);
        Chunk last = chunks.getLast();
        chunks.set(
                chunks.size() - 1,
                with(
                        last,
                        last.id(),
                        last.text(),
                        last.fragmentIndex() + 1,
                        last.order(),
                        last.parentSectionId(),
                        last.charEnd()));
        int n = GOOD.size() - 1;
        List<Integer> indexes = new ArrayList<>();
        for (int i = 0; i < n - 1; i++) {
            indexes.add(i);
        }
        indexes.add(n);
        assertThat(messages(chunks))
                .containsExactly("ERROR fragment-index: section 's1' of document 'doc' has fragment indexes " + indexes
                        + ", expected 0.." + (n - 1));
    }

    @Test
    void audit_fragmentWithoutParentChunk_isAnError() {
        List<Chunk> chunks = new ArrayList<>(GOOD.subList(1, GOOD.size()));
        for (int i = 0; i < chunks.size(); i++) {
            Chunk c = chunks.get(i);
            chunks.set(i, with(c, c.id(), c.text(), c.fragmentIndex(), i, c.parentSectionId(), c.charEnd()));
        }
        assertThat(messages(chunks))
                .hasSize(chunks.size())
                .first()
                .isEqualTo("ERROR missing-parent: chunk '"
                        + chunks.getFirst().id() + "' (document 'doc', section 's1') is a fragment of section 's1', "
                        + "which has no PARENT_SECTION chunk");
    }

    @Test
    void audit_spanBeyondTheSectionText_isAnError() {
        List<Chunk> chunks = new ArrayList<>(GOOD);
        Chunk c = chunks.get(2);
        chunks.set(2, with(c, c.id(), c.text(), c.fragmentIndex(), c.order(), c.parentSectionId(), 4_001));
        assertThat(messages(chunks))
                .containsExactly("ERROR span-out-of-range: chunk '" + c.id() + "' (document 'doc', section 's1') spans "
                        + c.charStart() + "..4001 but the section text has 4000 characters");
    }

    @Test
    void audit_orderNotSequential_andUnknownSection_areErrors() {
        Chunk c = GOOD.getFirst();
        Chunk stray = new Chunk(
                "x1", "doc", "nope", null, "p", ChunkType.PARENT_SECTION, -1, 5, "some stray text here", 0, 3, 0, 0);
        List<Chunk> chunks = new ArrayList<>(List.of(c, stray));
        assertThat(messages(chunks))
                .containsExactly(
                        "ERROR order: chunk 'x1' (document 'doc', section 'nope') has order 5, expected 1",
                        "ERROR unknown-section: chunk 'x1' (document 'doc', section 'nope') names a section the document does not have");
    }

    @Test
    void audit_chunkOfADocumentNotGiven_isAnError() {
        Chunk stray = new Chunk(
                "x2", "other", "s", null, "p", ChunkType.PARENT_SECTION, -1, 0, "some stray text here", 0, 3, 0, 0);
        ChunkAudit audit = ChunkAuditor.standard().audit(List.of(DOC), List.of(stray));
        assertThat(audit.findings()).singleElement().satisfies(f -> {
            assertThat(f.level()).isEqualTo(Level.ERROR);
            assertThat(f.check()).isEqualTo("unknown-document");
            assertThat(f.message())
                    .isEqualTo("chunk 'x2' (document 'other', section 's') names a document that was not audited");
        });
        assertThat(audit.hasErrors()).isTrue();
    }

    @Test
    void audit_baselineChunks_withoutParents_areClean() {
        List<Chunk> chunks = SlidingWindowChunker.builder().build().chunk(DOC);
        assertThat(ChunkAuditor.standard().audit(List.of(DOC), chunks).findings())
                .isEmpty();
    }
}
