package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.model.ChunkerKind;
import io.github.raglens.model.RetrieverKind;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

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
    void badK_isRejectedAtOnce_andABuiltInChunkerIsChosenByKind() {
        assertThatThrownBy(() -> RagLens.builder().k(5, 0)).hasMessage("K must be > 0, was 0");
        assertThat(RagLens.builder().chunker(ChunkerKind.SLIDING).build().chunker())
                .isInstanceOf(SlidingWindowChunker.class);
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
}
