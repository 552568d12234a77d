package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import java.util.List;
import org.junit.jupiter.api.Test;

class SectionChunkerTest {

    private static final SectionChunker DEFAULTS = SectionChunker.builder().build();

    /** A document whose root is empty and whose one section has this text and pages 3..4. */
    @Test
    void chunk_sectionOf2500Chars_isOneAtomicParentChunk() {
        String text = "x" + TestDocuments.words(2_498) + "y";
        List<Chunk> chunks = DEFAULTS.chunk(TestDocuments.oneSection(text));

        assertThat(chunks).singleElement().satisfies(c -> {
            assertThat(c.type()).isEqualTo(ChunkType.PARENT_SECTION);
            assertThat(c.fragmentIndex()).isEqualTo(-1);
            assertThat(c.text()).isEqualTo(text);
            assertThat(c.sectionPath()).isEqualTo("paper > 1 Results");
            assertThat(c.parentSectionId()).isEqualTo("root");
            assertThat(c.charStart()).isZero();
            assertThat(c.charEnd()).isEqualTo(2_500);
            assertThat(c.pageStart()).isEqualTo(3);
            assertThat(c.pageEnd()).isEqualTo(4);
            assertThat(c.order()).isZero();
        });
    }

    @Test
    void chunk_sectionOf2501Chars_getsParentWithFullTextThenNumberedFragments() {
        String text = "x" + TestDocuments.words(2_499) + "y";
        List<Chunk> chunks = DEFAULTS.chunk(TestDocuments.oneSection(text));

        assertThat(chunks.getFirst().type()).isEqualTo(ChunkType.PARENT_SECTION);
        assertThat(chunks.getFirst().text()).isEqualTo(text);
        List<Chunk> fragments = chunks.subList(1, chunks.size());
        assertThat(fragments).hasSizeGreaterThanOrEqualTo(3);
        for (int i = 0; i < fragments.size(); i++) {
            Chunk f = fragments.get(i);
            assertThat(f.type()).isEqualTo(ChunkType.SECTION_FRAGMENT);
            assertThat(f.fragmentIndex()).isEqualTo(i);
            assertThat(f.order()).isEqualTo(i + 1);
            assertThat(f.parentSectionId())
                    .as("the section holding the parent chunk")
                    .isEqualTo("s1");
            assertThat(f.text()).hasSizeLessThanOrEqualTo(1_200).isEqualTo(text.substring(f.charStart(), f.charEnd()));
        }
    }

    @Test
    void chunk_surroundingWhitespace_isTrimmedAndSpansPointIntoTheOriginal() {
        List<Chunk> chunks = DEFAULTS.chunk(TestDocuments.oneSection("\n\n  Short text.  \n"));
        assertThat(chunks).singleElement().satisfies(c -> {
            assertThat(c.text()).isEqualTo("Short text.");
            assertThat(c.charStart()).isEqualTo(4);
            assertThat(c.charEnd()).isEqualTo(15);
        });
    }

    @Test
    void chunk_smallTableInLargeSection_isOneTableFragmentBetweenTextFragments() {
        String table = "| model | nDCG@10 |\n|---|---|\n| BM25 | 0.665 |\n| dense | 0.712 |";
        String text = TestDocuments.words(1_500) + "\n\n" + table + "\n\n" + TestDocuments.words(1_500);
        List<Chunk> chunks = DEFAULTS.chunk(TestDocuments.oneSection(text));

        List<Chunk> tables = chunks.stream()
                .filter(c -> c.type() == ChunkType.TABLE_FRAGMENT)
                .toList();
        assertThat(tables).singleElement().satisfies(t -> {
            assertThat(t.text()).isEqualTo(table);
            assertThat(t.charStart()).isEqualTo(text.indexOf(table));
            assertThat(t.charEnd()).isEqualTo(text.indexOf(table) + table.length());
        });
        assertThat(chunks).extracting(Chunk::fragmentIndex).containsExactly(-1, 0, 1, 2, 3, 4);
        assertThat(chunks)
                .extracting(Chunk::type)
                .containsExactly(
                        ChunkType.PARENT_SECTION,
                        ChunkType.SECTION_FRAGMENT,
                        ChunkType.SECTION_FRAGMENT,
                        ChunkType.TABLE_FRAGMENT,
                        ChunkType.SECTION_FRAGMENT,
                        ChunkType.SECTION_FRAGMENT);
        assertThat(chunks.stream().filter(c -> c.type() == ChunkType.SECTION_FRAGMENT))
                .noneMatch(c -> c.text().contains("|"));
    }

    @Test
    void chunk_tableOver3000Chars_repeatsHeaderInEveryFragment() {
        StringBuilder table = new StringBuilder("| dataset | BM25 | dense |\n|---|---|---|");
        for (int i = 0; i < 200; i++) {
            table.append("\n| set-")
                    .append(i)
                    .append(" | 0.")
                    .append(100 + i)
                    .append(" | 0.")
                    .append(300 + i)
                    .append(" |");
        }
        String text = "Table 2 shows results.\n\n" + table;
        List<Chunk> chunks = DEFAULTS.chunk(TestDocuments.oneSection(text));

        List<Chunk> tables = chunks.stream()
                .filter(c -> c.type() == ChunkType.TABLE_FRAGMENT)
                .toList();
        assertThat(tables)
                .hasSizeGreaterThan(3)
                .allSatisfy(t -> assertThat(t.text())
                        .startsWith("| dataset | BM25 | dense |\n|---|---|---|\n| set-")
                        .hasSizeLessThanOrEqualTo(1_500));
        assertThat(tables.getFirst().charStart()).isEqualTo(text.indexOf("| dataset"));
        assertThat(tables.getLast().charEnd()).isEqualTo(text.length());
    }

    @Test
    void chunk_formulaLongerThanFragmentSize_staysWholeInItsOwnFragment() {
        String formula = "$$ " + "x_i + ".repeat(300) + "y $$";
        String text = TestDocuments.words(1_000) + " " + formula + " " + TestDocuments.words(1_000);
        List<Chunk> chunks = DEFAULTS.chunk(TestDocuments.oneSection(text));

        assertThat(chunks.subList(1, chunks.size()))
                .filteredOn(c -> c.text().contains("$$"))
                .singleElement()
                .satisfies(c -> {
                    assertThat(c.text()).isEqualTo(formula);
                    assertThat(c.type()).isEqualTo(ChunkType.SECTION_FRAGMENT);
                })
                .isNotNull();
    }

    @Test
    void chunk_shortFormulaAtACutPoint_isNotCut() {
        String formula = "$$ a + b = c $$";
        // the formula straddles position 1,200, where a plain splitter would cut
        String text = TestDocuments.words(1_190).replace('\n', ' ') + " " + formula + " " + TestDocuments.words(2_000);
        List<Chunk> chunks = DEFAULTS.chunk(TestDocuments.oneSection(text));

        assertThat(chunks.stream().skip(1).filter(c -> c.text().contains("$$")))
                .isNotEmpty()
                .allSatisfy(c -> assertThat(c.text()).contains(formula));
    }

    @Test
    void chunk_sections_areChunkedInReadingOrderWithGlobalOrder() {
        List<Chunk> chunks = DEFAULTS.chunk(TestDocuments.paper());
        assertThat(chunks).extracting(Chunk::sectionId).containsExactly("root", "s1", "s3", "s3.1", "s3.2");
        assertThat(chunks).extracting(Chunk::order).containsExactly(0, 1, 2, 3, 4);
        assertThat(chunks).extracting(Chunk::parentSectionId).containsExactly(null, "root", "root", "s3", "s3");
    }

    @Test
    void chunk_ids_areStableAcrossInstancesAndChangeWithTheText() {
        Document a = TestDocuments.oneSection("Some text.");
        Document b = TestDocuments.oneSection("Some other text.");
        String id = DEFAULTS.chunk(a).getFirst().id();

        assertThat(id).matches("[0-9a-f]{32}");
        assertThat(SectionChunker.builder().build().chunk(a).getFirst().id()).isEqualTo(id);
        assertThat(DEFAULTS.chunk(b).getFirst().id()).isNotEqualTo(id);
        assertThat(id).isEqualTo(ChunkIds.of("doc", "s1", ChunkType.PARENT_SECTION, -1, "Some text."));
    }

    @Test
    void toString_listsEveryOption() {
        assertThat(SectionChunker.builder()
                        .maxSectionChars(2_000)
                        .fragmentOverlap(100)
                        .build())
                .hasToString("SectionChunker[maxSectionChars=2000, maxTableChars=3000, tableFragmentChars=1500, "
                        + "fragmentChars=1200, fragmentOverlap=100, separators=paragraph,line,space,char, "
                        + "formulas=$$...$$ kept whole, version=1]");
    }

    @Test
    void toBuilder_derivesAVariantWithoutChangingTheOriginal() {
        SectionChunker variant = DEFAULTS.toBuilder().fragmentChars(600).build();
        assertThat(variant.toString()).contains("fragmentChars=600");
        assertThat(DEFAULTS.toString()).contains("fragmentChars=1200");
    }

    @Test
    void builder_badValues_areRejectedWithTheFix() {
        assertThatThrownBy(() -> SectionChunker.builder().maxSectionChars(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxSectionChars must be >= 1, was 0");
        assertThatThrownBy(() -> SectionChunker.builder().fragmentOverlap(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fragmentOverlap must be >= 0, was -1");
        assertThatThrownBy(() -> SectionChunker.builder().fragmentChars(200).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fragmentOverlap (200) must be smaller than fragmentChars (200); "
                        + "lower fragmentOverlap or raise fragmentChars");
        assertThatThrownBy(
                        () -> SectionChunker.builder().tableFragmentChars(4_000).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("tableFragmentChars (4000) must not exceed maxTableChars (3000); "
                        + "lower tableFragmentChars or raise maxTableChars");
    }
}
