package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.result.ComparisonResult;
import io.github.raglens.result.QuestionExclusion;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Two chunkers on the same questions, when one of them cuts the evidence of some. */
class ComparisonTest {

    @TempDir
    Path dir;

    @Test
    void questionsAVariantsChunksCut_countAsMissesThere_andBothMeansAreOverTheComparedQuestions() {
        Path docs = SampleCorpus.writeTo(dir.resolve("docs"));
        RagLens section =
                RagLens.builder().workspace(dir.resolve("section")).bm25().build();
        // 40-character windows cut most sentence-long quotes: their passages are lost to this chunking
        RagLens tiny = section.toBuilder()
                .workspace(dir.resolve("tiny"))
                .chunker(SlidingWindowChunker.builder()
                        .windowChars(40)
                        .overlapChars(0)
                        .build())
                .build();
        section.ingest(docs);
        List<QuestionSample> questions =
                SampleCorpus.questionSamples(ChunksFile.read(section.workspace().chunks()));

        ComparisonResult c = RagLens.compare(section, tiny, docs, questions, 5);

        assertThat(c.a().questions()).isEqualTo(questions.size());
        assertThat(c.b().questions()).isLessThan(questions.size());
        assertThat(c.b().selection().excludedByReason()).containsKey(QuestionExclusion.EVIDENCE_NOT_FOUND);
        ComparisonResult.Difference d = c.differences().getFirst();
        assertThat(d.retriever()).isEqualTo("bm25");
        assertThat(d.meanA())
                .isEqualTo(c.a().retriever("bm25").metrics().get("hit@5").mean());
        assertThat(d.meanB())
                .isCloseTo(
                        c.b().retriever("bm25").metrics().get("hit@5").mean() * c.b().questions() / questions.size(),
                        within(1e-12));
        assertThat(d.test().meanDifference()).isCloseTo(d.meanA() - d.meanB(), within(1e-12));
    }
}
