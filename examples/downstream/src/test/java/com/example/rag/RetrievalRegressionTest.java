package com.example.rag;

import io.github.raglens.ProgressListener;
import io.github.raglens.RagLens;
import io.github.raglens.junit.BaselineFile;
import io.github.raglens.junit.BaselineName;
import io.github.raglens.junit.RagAssertions;
import io.github.raglens.junit.RagLensExtension;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * The test a team commits: benchmark the corpus, hold a floor with 95% confidence, and fail only on a
 * significant drop against the committed baseline (src/test/resources/raglens/baselines). Record a
 * new baseline with {@code mvn test -Draglens.baseline.record=true} and commit it.
 */
// README:begin
@ExtendWith(RagLensExtension.class)
class RetrievalRegressionTest {

    @TempDir
    Path workspace;

    @Test
    void retrieval_isNotSignificantlyWorseThanTheBaseline(@BaselineName("retrieval") BaselineFile baseline) {
        RagLens lens = RagLens.builder()
                .workspace(workspace)
                .relevance(Relevance.EVIDENCE)
                .bm25()
                .build();
        lens.ingest(SampleCorpus.writeTo(workspace.resolve("corpus")));
        lens.index();
        BenchmarkResult report = lens.benchmark(
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks())), ProgressListener.NONE);

        RagAssertions.assertThat(report).retriever("bm25").hasLowerBoundAtLeast("hit@10", 0.5);
        baseline.check(report);
    }
}
// README:end
