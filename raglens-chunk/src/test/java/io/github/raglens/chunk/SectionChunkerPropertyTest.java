package io.github.raglens.chunk;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.chunk.GeneratedCorpus.GenTable;
import io.github.raglens.chunk.GeneratedCorpus.Generated;
import io.github.raglens.chunk.GeneratedCorpus.Placed;
import io.github.raglens.chunk.GeneratedCorpus.SectionTruth;
import io.github.raglens.chunk.corpus.ChunkAuditor;
import io.github.raglens.chunk.corpus.SectionFlattener;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.FlattenedSection;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Collectors;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/**
 * Invariants of {@link SectionChunker} over random documents of paragraphs, tables and formulas, with
 * random options. Each repetition prints its seed; rerun one with {@code -Draglens.seed=N}.
 */
class SectionChunkerPropertyTest {

    private static final long BASE_SEED = Long.getLong("raglens.seed", 20_260_302L);

    @RepeatedTest(60)
    void chunk_randomDocuments_keepsEveryInvariant(RepetitionInfo info) {
        long seed = System.getProperty("raglens.seed") != null ? BASE_SEED : BASE_SEED + info.getCurrentRepetition();
        System.out.println("SectionChunkerPropertyTest seed=" + seed);
        Random random = new Random(seed);
        SectionChunker chunker = randomChunker(random, info.getCurrentRepetition() <= 20);
        Generated g = new GeneratedCorpus(random).document("d" + seed);
        List<Chunk> chunks = chunker.chunk(g.document());
        String ctx = "seed " + seed + ", " + chunker;

        // same input, a freshly built chunker with the same options → the same chunks and ids
        assertThat(chunker.toBuilder().build().chunk(g.document())).as(ctx).isEqualTo(chunks);
        assertThat(ChunkAuditor.withThinChunkChars(0)
                        .audit(List.of(g.document()), chunks)
                        .findings())
                .as(ctx)
                .isEmpty();

        Map<String, List<Chunk>> bySection = chunks.stream()
                .collect(Collectors.groupingBy(Chunk::sectionId, java.util.LinkedHashMap::new, Collectors.toList()));
        for (FlattenedSection s : SectionFlattener.flatten(g.document())) {
            List<Chunk> own = bySection.getOrDefault(s.sectionId(), List.of());
            String sctx = ctx + ", section " + s.sectionId();
            if (s.text().isBlank()) {
                assertThat(own).as(sctx).isEmpty();
                continue;
            }
            checkSection(chunker, s, own, g.truth().get(s.sectionId()), sctx);
        }
    }

    private static void checkSection(
            SectionChunker chunker, FlattenedSection s, List<Chunk> own, SectionTruth truth, String ctx) {
        String text = s.text();
        String trimmed = text.strip();
        assertThat(own.getFirst().type()).as(ctx).isEqualTo(ChunkType.PARENT_SECTION);
        assertThat(own.getFirst().text()).as(ctx).isEqualTo(trimmed);
        assertThat(own.getFirst().parentSectionId()).as(ctx).isEqualTo(s.parentSectionId());
        int max = option(chunker, "maxSectionChars");
        if (trimmed.length() <= max) {
            assertThat(own).as(ctx + ": an atomic section is one chunk").hasSize(1);
            assertThat(own.getFirst().fragmentIndex()).isEqualTo(-1);
            return;
        }
        List<Chunk> fragments = own.subList(1, own.size());
        assertThat(fragments).as(ctx).isNotEmpty();
        boolean[] covered = new boolean[text.length()];
        int lastStart = -1;
        for (int i = 0; i < fragments.size(); i++) {
            Chunk f = fragments.get(i);
            String fctx = ctx + ", fragment " + i;
            assertThat(f.fragmentIndex()).as(fctx).isEqualTo(i);
            assertThat(f.parentSectionId()).as(fctx).isEqualTo(s.sectionId());
            assertThat(f.charStart()).as(fctx + ": fragments in text order").isGreaterThan(lastStart);
            lastStart = f.charStart();
            assertThat(f.charEnd()).as(fctx).isLessThanOrEqualTo(text.length());
            assertThat(f.pageStart()).isEqualTo(s.pageStart());
            assertThat(f.pageEnd()).isEqualTo(s.pageEnd());
            for (int c = f.charStart(); c < f.charEnd(); c++) {
                covered[c] = true;
            }
            if (f.type() == ChunkType.SECTION_FRAGMENT) {
                // the text is its section's own text: it cannot have crossed into another section
                assertThat(f.text()).as(fctx).isEqualTo(text.substring(f.charStart(), f.charEnd()));
                boolean loneFormula =
                        truth.formulas().stream().anyMatch(p -> p.start() == f.charStart() && p.end() == f.charEnd());
                if (!loneFormula) {
                    assertThat(f.text().length())
                            .as(fctx + ": size")
                            .isLessThanOrEqualTo(option(chunker, "fragmentChars"));
                }
                for (Placed p : truth.formulas()) {
                    boolean overlaps = p.start() < f.charEnd() && f.charStart() < p.end();
                    boolean inside = p.start() >= f.charStart() && p.end() <= f.charEnd();
                    assertThat(!overlaps || inside)
                            .as(fctx + ": formula at " + p + " cut")
                            .isTrue();
                }
                for (GenTable t : truth.tables()) {
                    boolean overlaps = t.at().start() < f.charEnd() && f.charStart() < t.at().end();
                    assertThat(overlaps)
                            .as(fctx + ": text fragment overlapping table at " + t.at())
                            .isFalse();
                }
            }
        }
        for (int i = 1; i < fragments.size(); i++) {
            Chunk prev = fragments.get(i - 1);
            Chunk f = fragments.get(i);
            int shared = prev.charEnd() - f.charStart();
            if (shared > 0) {
                assertThat(f.type()).as(ctx + ": only text fragments overlap").isEqualTo(ChunkType.SECTION_FRAGMENT);
                assertThat(shared).as(ctx + ": overlap").isLessThanOrEqualTo(option(chunker, "fragmentOverlap"));
            }
        }
        for (int c = 0; c < text.length(); c++) {
            if (!Character.isWhitespace(text.charAt(c))) {
                assertThat(covered[c])
                        .as(ctx + ": character " + c + " not covered by any fragment")
                        .isTrue();
            }
        }
        for (GenTable t : truth.tables()) {
            checkTable(chunker, t, fragments, ctx + ", table at " + t.at());
        }
    }

    private static void checkTable(SectionChunker chunker, GenTable t, List<Chunk> fragments, String ctx) {
        List<Chunk> pieces = fragments.stream()
                .filter(f -> f.type() == ChunkType.TABLE_FRAGMENT)
                .filter(f -> f.charStart() >= t.at().start() && f.charEnd() <= t.at().end())
                .toList();
        String whole =
                t.header() + "\n" + t.separator() + (t.rows().isEmpty() ? "" : "\n" + String.join("\n", t.rows()));
        if (whole.length() <= option(chunker, "maxTableChars")) {
            assertThat(pieces).as(ctx).hasSize(1);
            assertThat(pieces.getFirst().text()).as(ctx).isEqualTo(whole);
            return;
        }
        String head = t.header() + "\n" + t.separator() + "\n";
        List<String> rows = new ArrayList<>();
        for (Chunk p : pieces) {
            assertThat(p.text()).as(ctx + ": starts with header + separator").startsWith(head);
            List<String> own = List.of(p.text().substring(head.length()).split("\n", -1));
            assertThat(own).as(ctx + ": rows of a fragment").isNotEmpty();
            if (own.size() > 1) {
                assertThat(p.text().length())
                        .as(ctx + ": size")
                        .isLessThanOrEqualTo(option(chunker, "tableFragmentChars"));
            }
            rows.addAll(own);
        }
        // every row whole, in order, exactly once: no row was split, lost or repeated
        assertThat(rows).as(ctx).isEqualTo(t.rows());
    }

    private static SectionChunker randomChunker(Random random, boolean defaults) {
        if (defaults) {
            return SectionChunker.builder().build();
        }
        int fragment = 80 + random.nextInt(1_500);
        int maxTable = 150 + random.nextInt(3_000);
        return SectionChunker.builder()
                .maxSectionChars(100 + random.nextInt(3_000))
                .fragmentChars(fragment)
                .fragmentOverlap(random.nextInt(fragment / 2))
                .maxTableChars(maxTable)
                .tableFragmentChars(100 + random.nextInt(maxTable - 99))
                .build();
    }

    /** Reads an option back from the chunker's description, which must list it. */
    private static int option(SectionChunker chunker, String name) {
        String s = chunker.toString();
        int i = s.indexOf(name + "=");
        assertThat(i).as("toString lists " + name).isGreaterThanOrEqualTo(0);
        int from = i + name.length() + 1;
        int to = from;
        while (to < s.length() && Character.isDigit(s.charAt(to))) {
            to++;
        }
        return Integer.parseInt(s.substring(from, to));
    }
}
