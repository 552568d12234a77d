package io.github.raglens.solr;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;
import org.junit.jupiter.api.Test;

class ChunkLinksTest {

    @Test
    void of_papers_linksParentsSiblingsAndReadingOrder() {
        Map<String, StoredChunk> byId = byId(ChunkLinks.of(Papers.CHUNKS));
        StoredChunk middle = byId.get("paper/design#1");
        assertThat(middle.parentId()).isEqualTo("paper/design");
        assertThat(middle.prevSiblingId()).isEqualTo("paper/design#0");
        assertThat(middle.nextSiblingId()).isEqualTo("paper/design#2");
        assertThat(middle.prevId()).isEqualTo("paper/design#0");
        assertThat(byId.get("paper/design#2").nextSiblingId()).isNull();
        assertThat(byId.get("paper/design#2").nextId()).isEqualTo("paper/ops#0");
        // The split section's whole chunk is not in the reading order: its fragments stand in for it.
        StoredChunk design = byId.get("paper/design");
        assertThat(design.splitParent()).isTrue();
        assertThat(design.parentId()).isNull();
        assertThat(design.prevId()).isNull();
        assertThat(design.nextId()).isNull();
        assertThat(byId.get("paper/intro").nextId()).isEqualTo("paper/design#0");
        assertThat(byId.get("paper/intro").splitParent()).isFalse();
        assertThat(byId.get("notes/contents").prevId()).isNull();
    }

    /** Whatever the input order: siblings chain a section's fragments in order, reading links stay in a document. */
    @RepeatedTest(20)
    void of_randomCorpus_linksNeverCrossSectionsOrDocuments(RepetitionInfo repetition) {
        long seed = 7_919L * repetition.getCurrentRepetition();
        Random random = new Random(seed);
        List<Chunk> chunks = new ArrayList<>();
        for (int d = 0; d < 1 + random.nextInt(4); d++) {
            int order = 0;
            for (int s = 0; s < 1 + random.nextInt(5); s++) {
                String doc = "d" + d;
                String section = "s" + s;
                int fragments = random.nextInt(4);
                chunks.add(ChunkFixtures.section(doc, section, doc + " > " + section, order++, "whole"));
                for (int f = 0; f < fragments; f++) {
                    chunks.add(ChunkFixtures.fragment(
                            doc, section, doc + " > " + section, ChunkType.SECTION_FRAGMENT, f, order++, "part"));
                }
            }
        }
        Collections.shuffle(chunks, random);
        Map<String, StoredChunk> byId = byId(ChunkLinks.of(chunks));
        for (StoredChunk s : byId.values()) {
            Chunk c = s.chunk();
            String why = "seed " + seed + ", chunk " + c.id();
            if (c.isFragment()) {
                assertThat(s.parentId()).as(why).isEqualTo(c.documentId() + "/" + c.sectionId());
                String next = s.nextSiblingId();
                if (next != null) {
                    Chunk n = byId.get(next).chunk();
                    assertThat(n.sectionId()).as(why).isEqualTo(c.sectionId());
                    assertThat(n.documentId()).as(why).isEqualTo(c.documentId());
                    assertThat(n.fragmentIndex()).as(why).isEqualTo(c.fragmentIndex() + 1);
                    assertThat(byId.get(next).prevSiblingId()).as(why).isEqualTo(c.id());
                }
            } else {
                assertThat(s.splitParent()).as(why).isEqualTo(byId.containsKey(c.id() + "#0"));
            }
            if (s.nextId() != null) {
                Chunk n = byId.get(s.nextId()).chunk();
                assertThat(n.documentId()).as(why).isEqualTo(c.documentId());
                assertThat(n.order()).as(why).isGreaterThan(c.order());
                assertThat(byId.get(s.nextId()).splitParent()).as(why).isFalse();
            }
        }
    }

    private static Map<String, StoredChunk> byId(List<StoredChunk> linked) {
        Map<String, StoredChunk> out = new HashMap<>();
        linked.forEach(s -> out.put(s.id(), s));
        return out;
    }
}
