package io.github.raglens.springai;

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
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.ai.document.Document;
import org.springframework.ai.embedding.EmbeddingModel;
import org.springframework.ai.vectorstore.SimpleVectorStore;

/**
 * raglens's sample corpus, ingested and chunked by raglens, in Spring AI's {@link
 * SimpleVectorStore}, embedded by raglens's bge-small-en-v1.5 through the adapter. Built once per
 * test JVM.
 */
final class SampleStore {

    private static SampleStore instance;

    final List<Chunk> chunks;
    final List<QuestionSample> questions;
    final OnnxEmbeddings bge;
    final EmbeddingModel embeddingModel;
    final SimpleVectorStore store;

    private SampleStore(List<Chunk> chunks, List<QuestionSample> questions, OnnxEmbeddings bge) {
        this.chunks = chunks;
        this.questions = questions;
        this.bge = bge;
        this.embeddingModel = SpringAi.embeddingModel(bge);
        this.store = SimpleVectorStore.builder(embeddingModel).build();
        store.add(chunks.stream().map(SampleStore::document).toList());
    }

    static synchronized SampleStore get() {
        if (instance == null) {
            try {
                Path workspace = Files.createTempDirectory("raglens-spring-ai");
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

    private static Document document(Chunk chunk) {
        return new Document(
                chunk.id(),
                chunk.text(),
                Map.of(
                        "file_name", chunk.documentId() + ".pdf",
                        "page_number", chunk.pageStart(),
                        "section", chunk.sectionPath()));
    }

    Chunk chunk(String id) {
        return chunks.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }
}
