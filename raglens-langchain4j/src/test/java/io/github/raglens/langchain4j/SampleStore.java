package io.github.raglens.langchain4j;

import dev.langchain4j.data.document.Metadata;
import dev.langchain4j.data.embedding.Embedding;
import dev.langchain4j.data.segment.TextSegment;
import dev.langchain4j.model.embedding.EmbeddingModel;
import dev.langchain4j.store.embedding.inmemory.InMemoryEmbeddingStore;
import io.github.raglens.RagLens;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.store.ChunksFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * raglens's sample corpus, ingested and chunked by raglens, in LangChain4j's in-memory store,
 * embedded by raglens's bge-small-en-v1.5 through the adapter. Built once per test JVM.
 */
final class SampleStore {

    private static SampleStore instance;

    final List<Chunk> chunks;
    final List<QuestionSample> questions;
    final OnnxEmbeddings bge;
    final EmbeddingModel embeddingModel;
    final InMemoryEmbeddingStore<TextSegment> store;

    private SampleStore(List<Chunk> chunks, List<QuestionSample> questions, OnnxEmbeddings bge) {
        this.chunks = chunks;
        this.questions = questions;
        this.bge = bge;
        this.embeddingModel = LangChain4j.embeddingModel(bge);
        this.store = new InMemoryEmbeddingStore<>();
        List<TextSegment> segments = chunks.stream().map(SampleStore::segment).toList();
        List<Embedding> embeddings = embeddingModel.embedAll(segments).content();
        store.addAll(chunks.stream().map(Chunk::id).toList(), embeddings, segments);
    }

    static synchronized SampleStore get() {
        if (instance == null) {
            try {
                Path workspace = Files.createTempDirectory("raglens-lc4j");
                Path docs = SampleCorpus.writeTo(workspace.resolve("docs"));
                RagLens lens = RagLens.builder().workspace(workspace).bm25().build();
                lens.ingest(docs);
                List<Chunk> all = ChunksFile.read(lens.workspace().chunks());
                instance = new SampleStore(
                        embedded(all),
                        SampleCorpus.questionSamples(all),
                        OnnxEmbeddings.builder().bgeSmallEnV15().build());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return instance;
    }

    /** The chunks a dense index embeds: fragments, and the sections that were not split. */
    private static List<Chunk> embedded(List<Chunk> all) {
        Set<String> split =
                all.stream().filter(Chunk::isFragment).map(Chunk::sectionId).collect(Collectors.toSet());
        return all.stream()
                .filter(c -> c.isFragment() || !split.contains(c.sectionId()))
                .toList();
    }

    private static TextSegment segment(Chunk chunk) {
        Metadata metadata = new Metadata()
                .put("file_name", chunk.documentId() + ".pdf")
                .put("page_number", chunk.pageStart())
                .put("section", chunk.sectionPath());
        return TextSegment.from(chunk.text(), metadata);
    }

    Chunk chunk(String id) {
        return chunks.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }
}
