package io.github.raglens.examples;

import io.github.raglens.RagLens;
import io.github.raglens.chunk.SlidingWindowChunker;
import io.github.raglens.result.ComparisonResult;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.store.ChunksFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Section-aware chunking against the naive sliding window, on the same questions: relevance by
 * evidence does not depend on either chunking, so the comparison is fair.
 */
public final class CompareChunkers {

    private CompareChunkers() {}

    /** Runs the comparison on the sample corpus. */
    public static void main(String[] args) throws Exception {
        Path root = Files.createTempDirectory("raglens-compare");
        Path docs = SampleCorpus.writeTo(root.resolve("docs"));
        RagLens section = RagLens.builder().workspace(root.resolve("section")).build();
        RagLens sliding = section.toBuilder()
                .workspace(root.resolve("sliding"))
                .chunker(SlidingWindowChunker.builder().build())
                .build();

        // The questions are tied to the section chunks, but evidence relevance only needs their quotes.
        section.ingest(docs);
        var questions =
                SampleCorpus.questionSamples(ChunksFile.read(section.workspace().chunks()));
        ComparisonResult c = RagLens.compare(section, sliding, docs, questions, 3);

        for (ComparisonResult.Difference d : c.differences()) {
            System.out.printf(
                    Locale.ROOT,
                    "%-14s %s section %.3f vs sliding %.3f (p = %.4f)%n",
                    d.retriever(),
                    d.metric(),
                    d.meanA(),
                    d.meanB(),
                    d.test().pValue());
        }
    }
}
