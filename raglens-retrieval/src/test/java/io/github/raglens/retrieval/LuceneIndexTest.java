package io.github.raglens.retrieval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.IndexException;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.testkit.ChunkFixtures;
import io.github.raglens.testkit.HashingEmbeddings;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LuceneIndexTest {

    @TempDir
    Path tmp;

    private static final Comparator<Chunk> BY_ID = Comparator.comparing(Chunk::id);

    @Test
    void addAll_onDisk_reopenedIndexGivesBackEveryChunkAndTheModel() {
        Path dir = tmp.resolve("index");
        try (LuceneIndex index = LuceneIndex.builder().directory(dir).open()) {
            index.addAll(Corpus.CHUNKS, HashingEmbeddings.of());
        }
        try (LuceneIndex index = LuceneIndex.builder().directory(dir).open()) {
            assertThat(index.chunks()).usingElementComparator(BY_ID).hasSameSizeAs(Corpus.CHUNKS);
            assertThat(index.chunks().stream().sorted(BY_ID).toList())
                    .isEqualTo(Corpus.CHUNKS.stream().sorted(BY_ID).toList());
            assertThat(index.embeddingModel()).contains("test-hashing");
            assertThat(index.dimension()).isEqualTo(64);
            assertThat(index.directory()).contains(dir);
            assertThat(Bm25Retriever.of(index).retrieve("hard negatives", 1).chunkIds())
                    .containsExactly("paper/method#1");
        }
    }

    @Test
    void recordedEmbeddingModel_readsTheLastCommit_evenWhileTheIndexIsOpen() {
        Path dir = tmp.resolve("index");
        assertThat(LuceneIndex.recordedEmbeddingModel(dir)).isEmpty();
        try (LuceneIndex index = LuceneIndex.builder().directory(dir).open()) {
            assertThat(LuceneIndex.recordedEmbeddingModel(dir))
                    .as("no commit yet")
                    .isEmpty();
            index.addAll(Corpus.CHUNKS);
            assertThat(LuceneIndex.recordedEmbeddingModel(dir)).as("no vectors").isEmpty();
            index.addAll(Corpus.CHUNKS, HashingEmbeddings.of());
            // the open index holds write.lock: reading the model must not need it
            assertThat(LuceneIndex.recordedEmbeddingModel(dir)).contains("test-hashing");
        }
    }

    @Test
    void recordedEmbeddingModel_ofADamagedIndex_namesTheFolderAndTheRemedy() throws Exception {
        Path dir = tmp.resolve("index");
        try (LuceneIndex index = LuceneIndex.builder().directory(dir).open()) {
            index.addAll(Corpus.CHUNKS, HashingEmbeddings.of());
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(f -> f.getFileName().toString().startsWith("segments_"))
                    .toList()) {
                Files.write(f, "not a commit".getBytes(StandardCharsets.UTF_8));
            }
        }
        assertThatThrownBy(() -> LuceneIndex.recordedEmbeddingModel(dir))
                .isInstanceOf(IndexException.class)
                .hasMessageContaining(dir.toString())
                .hasMessageContaining("delete it");
    }

    @Test
    void addAll_sameIdTwice_keepsOneChunk_theLatest() {
        try (LuceneIndex index = LuceneIndex.builder().open()) {
            index.addAll(Corpus.CHUNKS);
            Chunk old = Corpus.chunk("notes/bm25");
            Chunk updated = ChunkFixtures.sectionNamed(
                    old.id(), old.documentId(), old.sectionId(), old.sectionPath(), old.order(), "zebra crossing");
            index.addAll(List.of(updated, updated));
            assertThat(index.size()).isEqualTo(Corpus.CHUNKS.size());
            assertThat(Bm25Retriever.of(index).retrieve("zebra", 5).hits())
                    .singleElement()
                    .satisfies(h -> assertThat(h.chunk()).isEqualTo(updated));
        }
    }

    /**
     * Replaced copies must not stay in BM25's document counts and lengths, or a load sent again (a
     * resumed one, or a chunk edited and put back) ranks with other scores than a fresh load: every
     * commit merges the index to one segment, which drops them.
     */
    @Test
    void addAll_chunksLoadedAgain_scoreAsTheFirstLoad() {
        try (LuceneIndex index = LuceneIndex.builder().open()) {
            index.addAll(Corpus.CHUNKS, HashingEmbeddings.of());
            List<RetrievedChunk> first =
                    Bm25Retriever.of(index).retrieve("BM25 ranking", 10).hits();

            index.addAll(Corpus.CHUNKS.subList(0, Corpus.CHUNKS.size() / 2), HashingEmbeddings.of());
            Chunk old = Corpus.chunk("notes/bm25");
            index.addAll(
                    List.of(ChunkFixtures.sectionNamed(
                            old.id(), old.documentId(), old.sectionId(), old.sectionPath(), old.order(), "zebra")),
                    HashingEmbeddings.of());
            index.addAll(List.of(old), HashingEmbeddings.of());
            List<RetrievedChunk> again =
                    Bm25Retriever.of(index).retrieve("BM25 ranking", 10).hits();

            assertThat(first).hasSizeGreaterThan(2);
            assertThat(again).extracting(RetrievedChunk::score).isEqualTo(scores(first));
            assertThat(again).extracting(h -> h.chunk().id()).isEqualTo(ids(first));
        }
    }

    private static List<Double> scores(List<RetrievedChunk> hits) {
        return hits.stream().map(RetrievedChunk::score).toList();
    }

    private static List<String> ids(List<RetrievedChunk> hits) {
        return hits.stream().map(h -> h.chunk().id()).toList();
    }

    @Test
    void open_directoryLockedByAnotherWriter_isRefusedNamingTheDirectory() {
        Path dir = tmp.resolve("index");
        try (LuceneIndex first = LuceneIndex.builder().directory(dir).open()) {
            assertThatThrownBy(() -> LuceneIndex.builder().directory(dir).open())
                    .isInstanceOf(IndexException.class)
                    .hasMessage("index directory " + dir + " is locked by another process (write.lock); close the"
                            + " other raglens process, or use another workspace (RagLens.Builder.workspace(dir))")
                    .satisfies(e -> assertThat(((IndexException) e).directory()).contains(dir.toString()));
            assertThat(first.size()).isZero();
        }
    }

    @Test
    void open_corruptDirectory_isRefusedWithTheFix() throws Exception {
        Path dir = tmp.resolve("index");
        try (LuceneIndex index = LuceneIndex.builder().directory(dir).open()) {
            index.addAll(Corpus.CHUNKS);
        }
        try (var files = Files.list(dir)) {
            for (Path f : files.filter(p -> p.getFileName().toString().startsWith("segments_"))
                    .toList()) {
                Files.writeString(f, "not a segments file", StandardCharsets.UTF_8);
            }
        }
        assertThatThrownBy(() -> LuceneIndex.builder().directory(dir).open())
                .isInstanceOf(IndexException.class)
                .hasMessage("index directory " + dir + " is corrupt or was written by an incompatible version;"
                        + " delete it and call RagLens.index() again");
    }

    @Test
    void open_pathIsAFile_isRefused() throws Exception {
        Path file = Files.writeString(tmp.resolve("index"), "x");
        assertThatThrownBy(() -> LuceneIndex.builder().directory(file).open())
                .isInstanceOf(IndexException.class)
                .hasMessage("index directory " + file + " is a file; pass a folder (it is created if absent)");
    }

    @Test
    void addAll_vectorsOfAnotherModel_areRefusedNamingBoth() {
        try (LuceneIndex index = LuceneIndex.builder().open()) {
            index.addAll(Corpus.CHUNKS.subList(0, 2), HashingEmbeddings.of());
            assertThatThrownBy(() -> index.addAll(Corpus.CHUNKS, HashingEmbeddings.of("other-model", 32)))
                    .isInstanceOf(IndexException.class)
                    .hasMessage("the in-memory index holds vectors of model 'test-hashing' (dimension 64); cannot"
                            + " add vectors of model 'other-model' (dimension 32); index into a new folder, or"
                            + " embed with 'test-hashing'");
        }
    }

    @Test
    void dense_queryVectorOfAnotherModel_isRefusedNamingBoth() {
        DenseRetriever other = DenseRetriever.of(Fixture.INDEX, HashingEmbeddings.of("other-model", 64));
        assertThatThrownBy(() -> other.retrieve("dense passage retrieval", 3))
                .isInstanceOf(IndexException.class)
                .hasMessage("query vector of model 'other-model' (dimension 64) cannot search the in-memory index,"
                        + " which holds vectors of model 'test-hashing' (dimension 64); embed queries with"
                        + " 'test-hashing' or re-index with 'other-model'");
    }

    @Test
    void dense_queryVectorOfWrongDimension_isRefusedNamingBoth() {
        DenseRetriever other = DenseRetriever.of(Fixture.INDEX, HashingEmbeddings.of("test-hashing", 16));
        assertThatThrownBy(() -> other.retrieve("dense passage retrieval", 3))
                .isInstanceOf(IndexException.class)
                .hasMessage("query vector of model 'test-hashing' (dimension 16) cannot search the in-memory index,"
                        + " which holds vectors of model 'test-hashing' (dimension 64); embed queries with"
                        + " 'test-hashing' or re-index with 'test-hashing'");
    }

    @Test
    void dense_indexWithoutVectors_isRefusedWithTheFix() {
        try (LuceneIndex index = LuceneIndex.builder().open()) {
            index.addAll(Corpus.CHUNKS);
            assertThatThrownBy(() ->
                            DenseRetriever.of(index, HashingEmbeddings.of()).retrieve("bm25", 3))
                    .isInstanceOf(IndexException.class)
                    .hasMessage(
                            "the in-memory index holds no vectors; set an embedding model"
                                    + " (RagLens.Builder.embeddings(...)) and call RagLens.index() again before dense retrieval");
        }
    }

    @Test
    void emptyIndex_everyRetrieverGivesEmptyResult() {
        try (LuceneIndex index = LuceneIndex.builder().open()) {
            HashingEmbeddings embeddings = HashingEmbeddings.of();
            for (RetrieverKind name : RetrieverKind.values()) {
                assertThat(Retrievers.create(name, index, embeddings, RetrievalConfig.defaults())
                                .retrieve("dense passage retrieval", 5)
                                .hits())
                        .as(name.label())
                        .isEmpty();
            }
            assertThat(embeddings.calls()).isZero();
        }
    }

    @Test
    void stopWordOnlyQuery_everyRetrieverGivesEmptyResult_withoutEmbedding() {
        HashingEmbeddings embeddings = HashingEmbeddings.of();
        for (RetrieverKind name : RetrieverKind.values()) {
            assertThat(Retrievers.create(name, Fixture.INDEX, embeddings, RetrievalConfig.defaults())
                            .retrieve("the of and to is", 5)
                            .hits())
                    .as(name.label())
                    .isEmpty();
        }
        assertThat(embeddings.calls()).isZero();
    }

    @Test
    void nonPositiveK_isRejectedWithTheValue() {
        for (RetrieverKind name : RetrieverKind.values()) {
            assertThatThrownBy(() -> Fixture.retriever(name).retrieve("bm25", -2))
                    .as(name.label())
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessage("k must be > 0, was -2");
        }
    }

    @Test
    void create_aKindThatNeedsEmbeddings_withoutThem_namesTheFix() {
        assertThatThrownBy(() -> Retrievers.create(RetrieverKind.HYBRID, Fixture.INDEX, RetrievalConfig.defaults()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("retriever 'hybrid' needs an embedding provider; pass one, or use only bm25");
    }

    @Test
    void builder_badParameters_areRejected() {
        assertThatThrownBy(() -> LuceneIndex.builder().bm25(-1f, 0.5f))
                .hasMessage("k1 must be finite and >= 0, was -1.0");
        assertThatThrownBy(() -> LuceneIndex.builder().bm25(1f, 1.5f)).hasMessage("b must be in [0, 1], was 1.5");
        assertThatThrownBy(() -> LuceneIndex.builder().threads(0)).hasMessage("threads must be >= 1, was 0");
    }

    @Test
    void forEachVector_givesTheIndexedVectorOfEveryChunk() {
        java.util.Map<String, float[]> seen = new java.util.HashMap<>();
        Fixture.INDEX.forEachVector((c, v) -> seen.put(c.id(), v));
        assertThat(seen).hasSize(Corpus.CHUNKS.size());
        Chunk c = Corpus.chunk("notes/hnsw");
        float[] expected = Fixture.EMBEDDINGS
                .embed(List.of(c.text()), io.github.raglens.model.EmbeddingPurpose.PASSAGE)
                .get(0);
        assertThat(seen.get(c.id())).containsExactly(expected, org.assertj.core.data.Offset.offset(1e-6f));
    }

    @Test
    void dense_hnswAgreesWithExactSearch_onTheSmallCorpus() {
        DenseRetriever hnsw = DenseRetriever.of(Fixture.INDEX, Fixture.EMBEDDINGS);
        DenseRetriever exact = DenseRetriever.builder(Fixture.INDEX, Fixture.EMBEDDINGS)
                .exact(true)
                .build();
        for (String q : Corpus.QUERIES) {
            assertThat(hnsw.retrieve(q, 5).chunkIds())
                    .isEqualTo(exact.retrieve(q, 5).chunkIds());
            assertThat(exact.retrieve(q, 5).hits())
                    .allSatisfy(h -> assertThat(h.score()).isBetween(-1.0, 1.0));
        }
    }
}
