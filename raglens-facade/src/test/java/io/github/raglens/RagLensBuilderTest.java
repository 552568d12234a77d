package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.chunk.RecursiveChunker;
import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.model.RetrieverKind;
import io.github.raglens.onnx.OnnxEmbeddings;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RagLensBuilderTest {

    @Test
    void denseRetriever_withoutEmbeddings_namesTheFix() {
        assertThatThrownBy(() -> RagLens.builder()
                        .noEmbeddings()
                        .retrievers(RetrieverKind.BM25, RetrieverKind.DENSE)
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("retriever 'dense' needs an embedding provider; call embeddings(...) or use only bm25()");
    }

    @Test
    void badK_isRejectedAtOnce() {
        assertThatThrownBy(() -> RagLens.builder().k(5, 0)).hasMessage("K must be > 0, was 0");
    }

    @Test
    void toBuilder_derivesAVariant_leavingTheOriginalUnchanged() {
        RagLens a = RagLens.builder().workspace(Path.of("ws-a")).bm25().k(10, 1).build();
        RagLens b = a.toBuilder()
                .workspace(Path.of("ws-b"))
                .chunker(SlidingWindowChunker.builder().build())
                .build();

        assertThat(a.toString()).contains("workspace=ws-a", "retrievers=[bm25]", "k=[1, 10]", "SectionChunker");
        assertThat(b.toString()).contains("workspace=ws-b", "retrievers=[bm25]", "SlidingWindowChunker");
        assertThat(b.workspace().dir()).isEqualTo(Path.of("ws-b"));
    }

    @Test
    void theDefaultChatModel_isAllowedTheBuildersConcurrency_notItsClientsDefaultOf16() {
        RagLens lens = RagLens.builder().concurrency(32).build();
        assertThat(lens.config().llm().get().toString()).contains("maxConcurrency=32");
        assertThat(lens.config().judgeModel().get().toString()).contains("maxConcurrency=32");
        // a variant's default follows the variant's concurrency
        RagLens variant = lens.toBuilder().concurrency(4).build();
        assertThat(variant.config().llm().get().toString()).contains("maxConcurrency=4");
    }

    @Test
    void building_createsNoModelOrClient() {
        // Defaults (local model, Ollama) are created on first use, so building needs no server.
        assertThat(RagLens.builder().build().toString()).contains("relevance=chunk");
    }

    @Test
    void anOptionSetTwice_isRefused_namingItsFirstValue() {
        assertThatThrownBy(() -> RagLens.builder().k(5, 1).k(10))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("k was already set to [1, 5]; set it once");
        assertThatThrownBy(() -> RagLens.builder()
                        .chunker(SlidingWindowChunker.builder().build())
                        .chunker(RecursiveChunker.builder().build()))
                .hasMessageStartingWith("chunker was already set to SlidingWindowChunker");
        // bm25() turns the embeddings off: after a model was chosen, the two calls disagree
        assertThatThrownBy(() -> RagLens.builder()
                        .embeddings(
                                () -> OnnxEmbeddings.builder().bgeSmallEnV15().build())
                        .bm25())
                .hasMessage("embeddings was already set to a model; set it once");
        assertThatThrownBy(
                        () -> RagLens.builder().progress(ProgressListener.NONE).progress(ProgressListener.NONE))
                .hasMessage("progress was already set to a listener; set it once");
    }

    @Test
    void aVariant_mayChangeEachOptionOnce() {
        RagLens lens = RagLens.builder().seed(1).concurrency(2).build();
        RagLens variant = lens.toBuilder().seed(7).concurrency(3).build();
        assertThat(variant.toString()).contains("seed=7");
        assertThatThrownBy(() -> lens.toBuilder().seed(7).seed(8)).hasMessage("seed was already set to 7; set it once");
    }

    @Test
    void theBuildersListener_hearsEveryStageCalledWithoutOneOfItsOwn(@TempDir Path dir) {
        List<String> heard = Collections.synchronizedList(new ArrayList<>());
        ScriptedLlm llm = ScriptedLlm.of("fake/writer")
                .otherwise(r -> "{\"status\":\"skip\",\"question\":\"\",\"answer\":\"\",\"evidence\":\"\"}");
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve("ws"))
                .bm25()
                .llm(() -> llm)
                .progress((stage, done, total, status) -> heard.add(stage))
                .build();

        lens.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        lens.index();
        lens.questions(2);

        assertThat(heard).contains("ingest", "index", "questions");
    }

    @Test
    void theStudio_withoutRaglensStudioOnTheClassPath_namesTheDependency() {
        assertThatThrownBy(() -> RagLens.builder().build().studio("127.0.0.1", 0, java.util.Optional.empty()))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("the studio is not on the classpath; add io.github.raglens:raglens-studio");
    }
}
