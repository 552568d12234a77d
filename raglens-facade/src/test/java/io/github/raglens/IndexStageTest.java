package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.result.IndexResult;
import io.github.raglens.retrieval.DenseRetriever;
import io.github.raglens.retrieval.HierarchicalRetriever;
import io.github.raglens.retrieval.LuceneIndex;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.store.ChunksFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The index stage embeds what a model can read whole: parents of fragments are reached through them. */
class IndexStageTest {

    @TempDir
    Path dir;

    /** Hashed bag of words, so texts sharing words are near; records every passage it embeds. */
    private static final class WordEmbeddings implements EmbeddingProvider {
        final List<String> passages = Collections.synchronizedList(new ArrayList<>());

        @Override
        public String modelName() {
            return "test/words";
        }

        @Override
        public int dimension() {
            return 256;
        }

        @Override
        public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
            if (purpose == EmbeddingPurpose.PASSAGE) {
                passages.addAll(texts);
            }
            List<float[]> out = new ArrayList<>();
            for (String t : texts) {
                float[] v = new float[dimension()];
                for (String w : t.toLowerCase(Locale.ROOT).split("[^a-z]+")) {
                    if (w.length() > 3) {
                        v[Math.floorMod(w.hashCode(), v.length)] += 1;
                    }
                }
                v[0] += 0.01f;
                out.add(v);
            }
            return out;
        }
    }

    private static String longSection() {
        String[] topics = {
            "tidal lagoons hold seawater behind a wall", "barrage turbines turn on the ebb",
            "estuary sediment settles behind barrages", "spring tides raise the head of water",
            "neap tides lower the output of every turbine", "salmon migration needs fish passes"
        };
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 30; i++) {
            b.append("Paragraph ")
                    .append(i)
                    .append(" notes that ")
                    .append(topics[i % topics.length])
                    .append(", as engineers measured over many seasons at the coast.\n\n");
        }
        b.append("Finally, the cormorant colony near the sluice gates grew after construction ended.\n");
        return b.toString();
    }

    @Test
    void index_parentOfFragmentsGetsNoVector_andHierarchicalReachesItThroughItsFragment() throws IOException {
        Path docs = Files.createDirectories(dir.resolve("docs"));
        Files.writeString(
                docs.resolve("energy.md"),
                "# Energy\n\n## Tides\n\n" + longSection() + "\n## Wind\n\nWind turbines stand on hills.\n");
        WordEmbeddings embeddings = new WordEmbeddings();
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve("ws"))
                .embeddings(() -> embeddings)
                .build();
        lens.ingest(docs);
        IndexResult result = lens.index();

        List<Chunk> chunks = ChunksFile.read(lens.workspace().chunks());
        Chunk tides = chunks.stream()
                .filter(c ->
                        c.type() == ChunkType.PARENT_SECTION && c.sectionPath().endsWith("Tides"))
                .findFirst()
                .orElseThrow();
        List<Chunk> fragments = chunks.stream()
                .filter(c -> tides.sectionId().equals(c.parentSectionId()) && c.isFragment())
                .toList();
        assertThat(tides.text()).hasSizeGreaterThan(2_500);
        assertThat(fragments).hasSizeGreaterThan(2);
        assertThat(embeddings.passages).doesNotContain(tides.text());
        assertThat(embeddings.passages)
                .containsAll(fragments.stream().map(Chunk::text).toList())
                .anyMatch(t -> t.contains("Wind turbines stand on hills."))
                .hasSize(chunks.size() - 1);
        assertThat(result.chunks()).isEqualTo(chunks.size());
        assertThat(result.truncatedChunks()).isZero();

        try (LuceneIndex index =
                LuceneIndex.builder().directory(lens.workspace().index()).open()) {
            Set<String> withVector = new java.util.HashSet<>();
            index.forEachVector((c, v) -> withVector.add(c.id()));
            assertThat(withVector).doesNotContain(tides.id()).hasSize(chunks.size() - 1);
            assertThat(index.chunks()).extracting(Chunk::id).contains(tides.id());

            DenseRetriever dense = DenseRetriever.of(index, embeddings);
            List<RetrievedChunk> hits = HierarchicalRetriever.of(dense, index.chunks())
                    .retrieve("cormorant colony near the sluice gates", 2)
                    .hits();
            RetrievedChunk top = hits.getFirst();
            assertThat(top.chunk().id()).isEqualTo(tides.id());
            assertThat(top.matched().isFragment()).isTrue();
            assertThat(top.matched().text()).contains("cormorant colony");
            assertThat(dense.retrieve("cormorant colony near the sluice gates", 5)
                            .hits())
                    .extracting(h -> h.chunk().id())
                    .doesNotContain(tides.id());
        }
        assertThat(chunks.stream().map(Chunk::type).collect(Collectors.toSet()))
                .contains(ChunkType.PARENT_SECTION, ChunkType.SECTION_FRAGMENT);
    }
}
