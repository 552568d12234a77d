package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BaselineChunkersTest {

    /** Two sections of 1,500 and 600 characters on pages 1..2 and 3..5. */
    static Document twoSections() {
        Section a = new Section("a", "1 A", 1, "a".repeat(1_500), 1, 2, List.of(), List.of());
        Section b = new Section("b", "2 B", 1, "b".repeat(600), 3, 5, List.of(), List.of());
        Section root = new Section("root", "doc", 0, "", 1, 5, List.of(), List.of(a, b));
        return new Document("d", "doc", "d.pdf", 5, Map.of(), root);
    }

    @Test
    void slidingWindow_windowsStepByWindowMinusOverlap_acrossSections() {
        List<Chunk> chunks = SlidingWindowChunker.builder().build().chunk(twoSections());
        // document text: 1,500 a's, a blank line, 600 b's = 2,102 characters
        String text = "a".repeat(1_500) + "\n\n" + "b".repeat(600);

        assertThat(chunks).hasSize(3);
        assertThat(chunks)
                .extracting(Chunk::text)
                .containsExactly(text.substring(0, 1_000), text.substring(800, 1_800), text.substring(1_600));
        Chunk crossing = chunks.get(1);
        assertThat(crossing.sectionId())
                .as("the section where the window starts")
                .isEqualTo("a");
        assertThat(crossing.charStart()).isEqualTo(800);
        assertThat(crossing.charEnd()).as("clipped to section a").isEqualTo(1_500);
        assertThat(crossing.pageStart()).isEqualTo(1);
        assertThat(crossing.pageEnd()).isEqualTo(5);
        assertThat(chunks).extracting(Chunk::fragmentIndex).containsExactly(0, 1, 0);
        assertThat(chunks).extracting(Chunk::sectionId).containsExactly("a", "a", "b");
        assertThat(chunks).allSatisfy(c -> {
            assertThat(c.type()).isEqualTo(ChunkType.SECTION_FRAGMENT);
            assertThat(c.parentSectionId()).isNull();
        });
    }

    @Test
    void recursive_smallSections_canShareOneChunk() {
        Section a = Section.of("a", "A", 1, "alpha text");
        Section b = Section.of("b", "B", 1, "beta text");
        Document d = new Document(
                "d", "doc", "d.md", 0, Map.of(), new Section("r", "doc", 0, "", 0, 0, List.of(), List.of(a, b)));

        List<Chunk> chunks = RecursiveChunker.builder().build().chunk(d);

        assertThat(chunks).singleElement().satisfies(c -> {
            assertThat(c.text()).isEqualTo("alpha text\n\nbeta text");
            assertThat(c.sectionId()).isEqualTo("a");
            assertThat(c.charEnd()).isEqualTo(10);
        });
    }

    @Test
    void recursive_largeText_respectsTheChunkSize() {
        List<Chunk> chunks = RecursiveChunker.builder()
                .chunkChars(500)
                .overlapChars(50)
                .build()
                .chunk(twoSections());
        assertThat(chunks).allSatisfy(c -> assertThat(c.text()).hasSizeLessThanOrEqualTo(500));
        assertThat(chunks).hasSizeGreaterThan(4);
        for (int i = 0; i < chunks.size(); i++) {
            assertThat(chunks.get(i).order()).isEqualTo(i);
        }
    }

    @Test
    void toString_listsEveryOption() {
        assertThat(SlidingWindowChunker.builder().windowChars(500).build())
                .hasToString("SlidingWindowChunker[windowChars=500, overlapChars=200, sectionJoiner=blank line]");
        assertThat(RecursiveChunker.builder().build())
                .hasToString("RecursiveChunker[chunkChars=1200, overlapChars=200, "
                        + "separators=paragraph,line,space,char, sectionJoiner=blank line]");
    }

    @Test
    void builders_overlapNotBelowSize_areRejectedWithTheFix() {
        assertThatThrownBy(() -> SlidingWindowChunker.builder().windowChars(100).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("overlapChars (200) must be smaller than windowChars (100); "
                        + "lower overlapChars or raise windowChars");
        assertThatThrownBy(() -> RecursiveChunker.builder().overlapChars(1_200).build())
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("overlapChars (1200) must be smaller than chunkChars (1200); "
                        + "lower overlapChars or raise chunkChars");
        assertThatThrownBy(() -> SlidingWindowChunker.builder().windowChars(0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("windowChars must be >= 1, was 0");
    }

    @Test
    void toBuilder_keepsTheOptions() {
        SlidingWindowChunker s =
                SlidingWindowChunker.builder().windowChars(700).overlapChars(70).build();
        assertThat(s.toBuilder().build()).hasToString(s.toString());
        RecursiveChunker r =
                RecursiveChunker.builder().chunkChars(700).overlapChars(70).build();
        assertThat(r.toBuilder().build()).hasToString(r.toString());
    }
}
