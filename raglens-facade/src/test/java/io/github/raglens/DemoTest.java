package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.model.RetrieverKind;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The quickstart end to end: the offline demo with the real parser, chunker, index and model. */
class DemoTest {

    @TempDir
    Path workspace;

    @Test
    void demo_runsTheWholeOfflinePipeline_andFindsTheEvidence() throws Exception {
        Demo.Result r = Demo.run(RagLens.builder().workspace(workspace), ProgressListener.NONE);

        assertThat(r.ingest().complete()).as(r.ingest().audit().summary()).isTrue();
        assertThat(r.ingest().report().ok()).isEqualTo(4);
        assertThat(r.index().embeddingModel()).contains("bge-small-en-v1.5");
        // Two chunks of the sample exceed the model's 512 tokens: embedded whole in windows, none cut.
        assertThat(r.index().truncatedChunks()).isZero();
        assertThat(r.index().windowedChunks()).isPositive();
        assertThat(r.questions())
                .as("questions whose evidence survived parsing")
                .isGreaterThanOrEqualTo(26);
        assertThat(r.benchmark().retrievers())
                .extracting(RetrieverSummary::retriever)
                .containsExactlyElementsOf(RetrieverKind.defaults().stream()
                        .map(RetrieverKind::label)
                        .toList());
        for (RetrieverSummary s : r.benchmark().retrievers()) {
            assertThat(s.metrics().get("hit@10").mean())
                    .as("hit@10 of %s on the sample corpus", s.retriever())
                    .isGreaterThan(0.6);
        }
        String html = Files.readString(r.report());
        assertThat(html).contains("hier-neighbor").contains("How much denser is sea water than air?");
        assertThat(workspace.resolve("report.md")).exists();
        assertThat(workspace.resolve("benchmark.json")).exists();
        assertThat(workspace.resolve("runs").resolve("bm25.run")).exists();
    }

    @Test
    void rerun_reusesTheIndex() {
        Demo.run(RagLens.builder().workspace(workspace).bm25(), ProgressListener.NONE);
        Demo.Result second = Demo.run(RagLens.builder().workspace(workspace).bm25(), ProgressListener.NONE);
        assertThat(second.index().rebuilt()).isFalse();
    }
}
