package io.github.raglens.eval.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.StyleAndOverlap;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every metric per style and per overlap band, and the headline's sentence on whether the retrievers'
 * order changes between high- and low-overlap questions.
 */
class StyleAndOverlapTest {

    private static final int PER_BAND = 12;

    private final List<Chunk> corpus = new ArrayList<>();
    private final List<QuestionSample> questions = new ArrayList<>();
    private final Map<String, String> sourceOf = new HashMap<>();
    private final Set<String> highOverlap = new HashSet<>();

    StyleAndOverlapTest() {
        for (int n = 0; n < 2 * PER_BAND; n++) {
            String id = "c" + n;
            String text = "Chunk " + id + " reports that the turbine model " + n + " delivers output level " + n
                    + " in winter.";
            corpus.add(ChunkFixtures.sectionNamed(id, "doc", "s" + n, "doc > s" + n, n, text));
            boolean high = n < PER_BAND;
            // high: the chunk's own words (overlap 1); low: other words, only the number shared
            String question = high
                    ? "Which output level does turbine model " + n + " deliver in winter?"
                    : "How much power does generator number " + n + " give during cold months?";
            questions.add(new QuestionSample(
                    "q-" + id,
                    question,
                    "level " + n,
                    "reports that the turbine model " + n + " delivers output level " + n,
                    id,
                    "doc",
                    "s" + n,
                    QuestionStatus.SUCCESS,
                    "",
                    false,
                    "m",
                    high ? QuestionStyle.NATURAL : QuestionStyle.PARAPHRASE,
                    "",
                    "",
                    "",
                    OptionalDouble.empty()));
            sourceOf.put(question, id);
            if (high) {
                highOverlap.add(question);
            }
        }
    }

    /** Finds a high-overlap question's chunk at {@code highRank} and a low one's at {@code lowRank} (0: never). */
    private Retriever retriever(String name, int highRank, int lowRank) {
        Retriever high = FakeRetrievers.sourceAt(name, highRank, corpus, sourceOf);
        Retriever low = FakeRetrievers.sourceAt(name, lowRank, corpus, sourceOf);
        return FakeRetrievers.of(
                name,
                (query, k) -> (highOverlap.contains(query) ? high : low)
                        .retrieve(query, k).hits().stream().map(h -> h.chunk()).toList());
    }

    private BenchmarkResult run(Retriever a, Retriever b) {
        return BenchmarkRunner.builder()
                .bootstrap(Bootstrap.of(1_000, 42, 0.95))
                .pairedTest(PairedRandomizationTest.of(2_000, 42))
                .retriever(a)
                .retriever(b)
                .build()
                .run(questions, corpus);
    }

    @Test
    void aRetrieverThatLeadsOnlyOnHighOverlapQuestions_isSaidToChangeTheOrder() {
        // lexical finds the chunk first when the question reuses its words, and never otherwise
        BenchmarkResult report = run(retriever("lexical", 1, 0), retriever("semantic", 2, 2));
        StyleAndOverlap s = report.styleAndOverlap();

        // no question is dropped for being hard to find: all 24 are counted, 12 in each band
        assertThat(report.questions()).isEqualTo(24);
        assertThat(s.overlapThreshold()).isBetween(0.12, 0.99);
        assertThat(s.rows(StyleAndOverlap.BY_OVERLAP, StyleAndOverlap.HIGH))
                .extracting(StyleAndOverlap.Group::questions)
                .containsExactly(12, 12);
        assertThat(s.order(StyleAndOverlap.HIGH)).containsExactly("lexical", "semantic");
        assertThat(s.order(StyleAndOverlap.LOW)).containsExactly("semantic", "lexical");
        assertThat(s.orderChanges()).isTrue();
        assertThat(s.headline())
                .isEqualTo("The order of the retrievers by MRR@10 changes between high-overlap questions (overlap"
                        + " above " + String.format(java.util.Locale.ROOT, "%.3f", s.overlapThreshold())
                        + ", 12 questions: lexical 1.000 > semantic 0.500) and low-overlap questions (12: semantic"
                        + " 0.500 > lexical 0.000). Within each band (paired tests, Holm-adjusted within the band):"
                        + " high: lexical above semantic (p = "
                        + p(s.highComparisons()) + "); low: semantic above lexical (p = " + p(s.lowComparisons())
                        + ").");
        // every metric per style, with intervals
        StyleAndOverlap.Group paraphrase =
                s.rows(StyleAndOverlap.BY_STYLE, "paraphrase").getFirst();
        assertThat(paraphrase.retriever()).isEqualTo("lexical");
        assertThat(paraphrase.questions()).isEqualTo(12);
        assertThat(paraphrase.metrics()).containsKeys("hit@1", "mrr@10", "ndcg@10", "map", "r_precision");
        assertThat(paraphrase.metrics().get("hit@10").mean()).isZero();
        assertThat(s.rows(StyleAndOverlap.BY_STYLE, "natural")
                        .getFirst()
                        .metrics()
                        .get("hit@1")
                        .mean())
                .isEqualTo(1.0);
    }

    @Test
    void benchmarkJson_holdsTheGroupsAndTheSentence_andReadsBack(@TempDir Path dir) throws Exception {
        BenchmarkResult report = run(retriever("lexical", 1, 0), retriever("semantic", 2, 2));
        Path file = dir.resolve("benchmark.json");
        report.writeJson(file);

        JsonNode json = Json.readTree(file).path("styleAndOverlap");
        assertThat(json.path("orderChanges").asBoolean()).isTrue();
        assertThat(json.path("headline").asText())
                .isEqualTo(report.styleAndOverlap().headline());
        assertThat(json.path("groups").size()).isEqualTo(8); // 2 styles and 2 bands, 2 retrievers each
        BenchmarkResult read = Json.reader().forType(BenchmarkResult.class).readValue(file.toFile());
        assertThat(read.styleAndOverlap()).isEqualTo(report.styleAndOverlap());
    }

    private static String p(List<BenchmarkResult.PairwiseComparison> tests) {
        return String.format(
                java.util.Locale.ROOT,
                "%.3f",
                tests.stream()
                        .filter(t -> t.metric().equals("mrr@10"))
                        .findFirst()
                        .orElseThrow()
                        .adjustedPValue());
    }

    @Test
    void aRetrieverThatLeadsInBothBands_isSaidToKeepTheOrder() {
        BenchmarkResult report = run(retriever("lexical", 2, 0), retriever("semantic", 1, 1));
        StyleAndOverlap s = report.styleAndOverlap();

        assertThat(s.orderChanges()).isFalse();
        assertThat(s.headline())
                .startsWith("The order of the retrievers by MRR@10 is the same for high-overlap questions (overlap"
                        + " above ")
                .contains("12 questions: semantic 1.000 > lexical 0.500) and low-overlap questions (12: semantic"
                        + " 1.000 > lexical 0.000)")
                .contains("high: semantic above lexical (p = ")
                .contains("low: semantic above lexical (p = ");
    }

    @Test
    void questionsOfOneOverlap_cannotBeSplitIntoBands_andTheHeadlineSaysSo() {
        List<QuestionSample> same = questions.subList(0, PER_BAND);
        BenchmarkResult report = BenchmarkRunner.builder()
                .bootstrap(Bootstrap.of(1_000, 42, 0.95))
                .pairedTest(PairedRandomizationTest.of(2_000, 42))
                .retriever(retriever("lexical", 1, 0))
                .retriever(retriever("semantic", 2, 2))
                .build()
                .run(same, corpus);

        assertThat(report.styleAndOverlap().comparable()).isFalse();
        assertThat(report.styleAndOverlap().headline())
                .isEqualTo("The retrievers' order cannot be compared between high- and low-overlap questions: every"
                        + " question has an overlap of 1.000 or less.");
        // one style only: no style groups
        assertThat(report.styleAndOverlap().rows(StyleAndOverlap.BY_STYLE, "natural"))
                .isEmpty();
    }
}
