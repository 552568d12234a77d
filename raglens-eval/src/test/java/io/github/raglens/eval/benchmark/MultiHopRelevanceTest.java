package io.github.raglens.eval.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.QuestionExclusion;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

/** A multi-hop question's two quotes: each must identify its passage, and a hit holding either reaches it. */
class MultiHopRelevanceTest {

    static final String A = "The northern dam was finished in the spring of 1931 by the river authority.";
    static final String B = "Its turbines have supplied the valley towns with power for ninety years now.";

    private final List<Chunk> corpus = List.of(
            chunk("a", 0, A),
            chunk("b", 1, B),
            chunk("x", 2, "Unrelated filler" + " text about the weather in the hills and nothing else."));

    static Chunk chunk(String id, int order, String text) {
        return ChunkFixtures.sectionNamed(id, "doc", "s-" + id, "doc > " + id, order, text);
    }

    static QuestionSample hop(String id, String second) {
        return new QuestionSample(
                id,
                "Since when has the dam built by the river authority powered the towns?",
                "1931",
                "The northern dam was finished in the spring of 1931",
                "a",
                "doc",
                "s-a",
                QuestionStatus.SUCCESS,
                "",
                false,
                "m",
                QuestionStyle.MULTI_HOP,
                "",
                "b",
                second,
                OptionalDouble.of(0.4));
    }

    private BenchmarkResult run(Relevance relevance, List<QuestionSample> questions) {
        // returns the second chunk first, then the filler: only the second quote is found
        return BenchmarkRunner.builder()
                .relevance(relevance)
                .retriever(FakeRetrievers.of("second-only", (q, k) -> List.of(corpus.get(1), corpus.get(2))))
                .build()
                .run(questions, corpus);
    }

    @Test
    void aHitHoldingTheSecondQuote_reachesTheQuestion_byEvidenceAndByChunk() {
        List<QuestionSample> one = List.of(hop("q-hop", "supplied the valley towns with power for ninety years"));

        for (Relevance relevance : List.of(Relevance.EVIDENCE, Relevance.CHUNK)) {
            BenchmarkResult report = run(relevance, one);
            assertThat(report.retriever("second-only").metrics().get("hit@1").mean())
                    .as(relevance.label())
                    .isEqualTo(1.0);
        }
    }

    @Test
    void aSecondQuoteInNoChunk_excludesTheQuestion_namingThatQuote() {
        List<QuestionSample> two = List.of(
                hop("q-hop", "supplied the valley towns with power for ninety years"),
                hop("q-lost", "a sentence of six words found nowhere at all"));

        BenchmarkResult report = run(Relevance.EVIDENCE, two);

        assertThat(report.questions()).isEqualTo(1);
        assertThat(report.selection().excludedByReason())
                .containsExactly(Map.entry(QuestionExclusion.EVIDENCE_NOT_FOUND, 1));
        assertThat(report.selection().excluded().getFirst().evidence())
                .isEqualTo("a sentence of six words found nowhere at all");
    }

    @Test
    void aSecondChunkGone_excludesTheQuestion_underChunkAndSectionRelevance_asAGoneSourceChunkDoes() {
        List<Chunk> withoutSecond = List.of(corpus.get(0), corpus.get(2));
        QuestionSample other = new QuestionSample(
                "q-x",
                "What about the hills?",
                "weather",
                "Unrelated filler text",
                "x",
                "doc",
                "s-x",
                QuestionStatus.SUCCESS,
                "");

        for (Relevance relevance : List.of(Relevance.CHUNK, Relevance.SECTION)) {
            BenchmarkResult report = BenchmarkRunner.builder()
                    .relevance(relevance)
                    .retriever(FakeRetrievers.of("all", (q, k) -> withoutSecond))
                    .build()
                    .run(
                            List.of(hop("q-hop", "supplied the valley towns with power for ninety years"), other),
                            withoutSecond);

            assertThat(report.questions()).as(relevance.label()).isEqualTo(1);
            assertThat(report.selection().excluded())
                    .extracting(BenchmarkResult.ExcludedQuestion::reason, BenchmarkResult.ExcludedQuestion::detail)
                    .containsExactly(
                            tuple(QuestionExclusion.SOURCE_CHUNK_GONE, "source chunk b is no longer in the corpus"));
        }
    }
}
