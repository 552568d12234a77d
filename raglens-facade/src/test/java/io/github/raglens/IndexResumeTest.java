package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.RagLensException;
import io.github.raglens.facade.internal.Manifest;
import io.github.raglens.facade.internal.Stage;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.result.IndexResult;
import io.github.raglens.spi.EmbeddingProvider;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.testkit.ChunkFixtures;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The index stage stops between committed slices when interrupted, and the next run embeds only the
 * rest; an index is current only when its last load completed with the same chunks and vectors.
 */
class IndexResumeTest {

    private static final int CHUNKS = 300;

    private static final QuestionSample QUESTION = new QuestionSample(
            "q1",
            "How much does widget W7 weigh?",
            "7 grams",
            "W7 weighs 7 grams",
            "c7",
            "doc",
            "s7",
            QuestionStatus.SUCCESS,
            "",
            false,
            "test");

    @TempDir
    Path dir;

    /**
     * Counts the texts it embeds; interrupts its caller once it has embedded {@code interruptAfter}
     * (in the middle of a slice, as a signal may arrive).
     */
    private static final class Embeddings implements EmbeddingProvider {
        final AtomicInteger embedded = new AtomicInteger();
        private final String model;
        private final int interruptAfter;
        private final String settings;

        Embeddings(String model, int interruptAfter) {
            this(model, interruptAfter, "");
        }

        Embeddings(String model, int interruptAfter, String settings) {
            this.model = model;
            this.interruptAfter = interruptAfter;
            this.settings = settings;
        }

        @Override
        public String modelName() {
            return model;
        }

        @Override
        public String vectorSettings() {
            return settings;
        }

        @Override
        public int dimension() {
            return 4;
        }

        @Override
        public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
            List<float[]> out = new ArrayList<>();
            for (String t : texts) {
                out.add(new float[] {1, t.length(), t.hashCode() % 7, 0.5f});
            }
            if (embedded.addAndGet(texts.size()) >= interruptAfter) {
                Thread.currentThread().interrupt();
            }
            return out;
        }
    }

    private RagLens lens(EmbeddingProvider embeddings) {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < CHUNKS; i++) {
            String text = "Widget W" + i + " weighs " + i + " grams and ships in a box.";
            chunks.add(ChunkFixtures.sectionNamed("c" + i, "doc", "s" + i, "doc > s" + i, i, text));
        }
        ChunksFile.write(dir.resolve("chunks.jsonl"), chunks);
        // as ingest leaves it: the manifest records the chunks' stage, so the index's entry can be current
        Manifest.load(dir.resolve("manifest.json")).complete(Stage.INGEST, "docs=test", "test");
        return RagLens.builder()
                .workspace(dir)
                .embeddings(() -> embeddings)
                .retrievers(RetrieverKind.BM25)
                .build();
    }

    /** Interrupts the stage's thread once {@code after} chunks are indexed, between two slices. */
    private static ProgressListener interruptAfter(int after) {
        return (stage, done, total, status) -> {
            if (done >= after) {
                Thread.currentThread().interrupt();
            }
        };
    }

    @Test
    void index_interrupted_keepsCommittedSlices_andTheRerunEmbedsOnlyTheRest() {
        Embeddings first = new Embeddings("test/model", Integer.MAX_VALUE);
        assertThatThrownBy(() -> lens(first).index(interruptAfter(128)))
                .isInstanceOf(CancellationException.class)
                .hasMessage("index stopped after 128 of 300 chunks; they are committed and the next run embeds only"
                        + " the rest");
        Thread.interrupted();

        Embeddings second = new Embeddings("test/model", Integer.MAX_VALUE);
        IndexResult r = lens(second).index();
        assertThat(r.rebuilt()).isTrue();
        assertThat(r.reused()).isEqualTo(128);
        assertThat(r.chunks()).isEqualTo(CHUNKS);
        assertThat(second.embedded.get()).isEqualTo(CHUNKS - 128);

        IndexResult again = lens(second).index();
        assertThat(again.reused()).isEqualTo(CHUNKS);
        assertThat(second.embedded.get()).as("nothing embedded once current").isEqualTo(CHUNKS - 128);
    }

    @Test
    void index_interruptedInsideASlice_keepsTheSlicesCommittedBefore() {
        Embeddings first = new Embeddings("test/model", 129);
        assertThatThrownBy(() -> lens(first).index()).isInstanceOf(RuntimeException.class);
        Thread.interrupted();

        Embeddings second = new Embeddings("test/model", Integer.MAX_VALUE);
        IndexResult r = lens(second).index();
        assertThat(r.reused()).isGreaterThanOrEqualTo(128);
        assertThat(second.embedded.get()).isEqualTo(CHUNKS - r.reused());
        assertThat(r.chunks()).isEqualTo(CHUNKS);
    }

    @Test
    void index_stoppedWithAnotherModel_startsAfresh() {
        Embeddings first = new Embeddings("test/model", Integer.MAX_VALUE);
        assertThatThrownBy(() -> lens(first).index(interruptAfter(128))).isInstanceOf(CancellationException.class);
        Thread.interrupted();

        Embeddings other = new Embeddings("test/other", Integer.MAX_VALUE);
        IndexResult r = lens(other).index();
        assertThat(r.reused()).isZero();
        assertThat(other.embedded.get()).isEqualTo(CHUNKS);
        assertThat(r.embeddingModel()).isEqualTo("test/other");
    }

    @Test
    void index_rebuildStoppedAfterTheFolderWasDeleted_isNotTakenAsCurrent_andTheRerunCompletesIt() throws Exception {
        lens(new Embeddings("test/model", Integer.MAX_VALUE)).index();
        try (Stream<Path> files = Files.walk(dir.resolve("index"))) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(f);
            }
        }
        assertThatThrownBy(() ->
                        lens(new Embeddings("test/model", Integer.MAX_VALUE)).index(interruptAfter(128)))
                .isInstanceOf(CancellationException.class);
        Thread.interrupted();

        assertThatThrownBy(() -> lens(new Embeddings("test/model", Integer.MAX_VALUE))
                        .benchmark(List.of(QUESTION), ProgressListener.NONE))
                .isInstanceOf(RagLensException.class)
                .hasMessage("the index at " + dir.resolve("index") + " is incomplete: its last run stopped before the"
                        + " end; call RagLens.index() again");
        Embeddings again = new Embeddings("test/model", Integer.MAX_VALUE);
        IndexResult r = lens(again).index();
        assertThat(r.rebuilt()).as("a stopped rebuild is never current").isTrue();
        assertThat(r.chunks()).isEqualTo(CHUNKS);
        assertThat(r.reused()).isEqualTo(128);
        assertThat(again.embedded.get()).isEqualTo(CHUNKS - 128);
    }

    @Test
    void index_sameModelNameWithOtherVectorSettings_isLoadedAfresh() {
        lens(new Embeddings("ollama/nomic-embed-text", Integer.MAX_VALUE, "digest=sha256:aaa"))
                .index();

        Embeddings same = new Embeddings("ollama/nomic-embed-text", Integer.MAX_VALUE, "digest=sha256:aaa");
        assertThat(lens(same).index().rebuilt()).isFalse();
        assertThat(same.embedded.get()).isZero();

        Embeddings repulled = new Embeddings("ollama/nomic-embed-text", Integer.MAX_VALUE, "digest=sha256:bbb");
        IndexResult r = lens(repulled).index();
        assertThat(r.rebuilt()).isTrue();
        assertThat(r.reused()).isZero();
        assertThat(repulled.embedded.get()).isEqualTo(CHUNKS);
    }

    @Test
    void index_sameOnnxModelTruncatingInsteadOfWindowing_isLoadedAfresh() {
        lens(OnnxEmbeddings.builder().bgeSmallEnV15().build()).index();
        IndexResult r = lens(OnnxEmbeddings.builder()
                        .bgeSmallEnV15()
                        .truncateLongTexts(true)
                        .build())
                .index();
        assertThat(r.rebuilt())
                .as("another way of embedding long texts makes other vectors")
                .isTrue();
        assertThat(r.reused()).isZero();
    }
}
