package io.github.raglens.eval.benchmark;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.QuestionExclusion;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import java.io.IOException;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Evidence relevance counts a question only when its quote identifies its passage: a common
 * two-word quote would credit a retriever that ignores the query, and quotes differing from the
 * parsed text only in a ligature or a no-break space would fail a retriever that is always right.
 */
class EvidenceSelectionTest {

    @TempDir
    Path dir;

    private final List<Chunk> corpus = new ArrayList<>();
    private final Map<String, String> sourceOf = new HashMap<>();

    EvidenceSelectionTest() {
        for (int i = 0; i < 40; i++) {
            // stored as the PDF parser stores text: NFKC, so the ligature of "ﬁtted" is "fi"
            String text = Normalizer.normalize(
                    "Tidal stream survey, site " + i + ". Turbine " + i + " was ﬁtted with a rotor of " + (10 + i)
                            + " metres in the year " + (1990 + i) + ". This page belongs to the annual survey"
                            + " of the coast.",
                    Normalizer.Form.NFKC);
            corpus.add(ChunkFixtures.sectionNamed("c" + i, "doc" + (i % 4), "s" + i, "survey > site " + i, i, text));
        }
    }

    private QuestionSample question(int site, String evidence) {
        String question = "What was fitted at site " + site + " (" + evidence.length() + ")?";
        sourceOf.put(question, "c" + site);
        return new QuestionSample(
                "q-" + site + "-" + evidence.hashCode(),
                question,
                "a rotor",
                evidence,
                "c" + site,
                "doc" + (site % 4),
                "s" + site,
                QuestionStatus.SUCCESS,
                "");
    }

    private static BenchmarkRunner.Builder runner() {
        return BenchmarkRunner.builder()
                .ks(1, 5)
                .relevance(Relevance.EVIDENCE)
                .bootstrap(Bootstrap.of(200, 42, 0.95))
                .pairedTest(PairedRandomizationTest.of(200, 42));
    }

    /** Returns the question's source chunk first, then the rest by id. */
    private Retriever alwaysRight() {
        return FakeRetrievers.sourceAt("always-right", 1, corpus, sourceOf);
    }

    /** Returns the same chunks whatever the question. */
    private Retriever ignoresTheQuery() {
        return FakeRetrievers.of("ignores-the-query", (query, k) -> corpus);
    }

    @Test
    void commonTwoWordQuote_isAmbiguous_soARetrieverIgnoringTheQueryIsNotCredited() throws IOException {
        List<QuestionSample> questions = new ArrayList<>();
        IntStream.range(0, 20).forEach(i -> questions.add(question(i, "Tidal stream")));
        IntStream.range(20, 30).forEach(i -> questions.add(question(i, "the annual survey of the coast")));
        IntStream.range(30, 40)
                .forEach(i -> questions.add(question(i, "Turbine " + i + " was fitted with a rotor of " + (10 + i))));

        BenchmarkResult report = runner().retriever(ignoresTheQuery())
                .retriever(alwaysRight())
                .build()
                .run(questions, corpus);

        assertThat(report.questions()).isEqualTo(10);
        assertThat(report.selection().usable()).isEqualTo(10);
        assertThat(report.selection().excludedByReason())
                .containsExactly(
                        Map.entry(QuestionExclusion.EVIDENCE_TOO_SHORT, 20),
                        Map.entry(QuestionExclusion.EVIDENCE_IN_MANY_CHUNKS, 10));
        assertThat(report.selection().describe())
                .isEqualTo("10 of 40 questions usable; excluded: 20 with ambiguous evidence (fewer than 6 words), 10"
                        + " with ambiguous evidence (in more than 3 chunks)");
        assertThat(report.selection().excluded().getFirst().detail())
                .isEqualTo("ambiguous evidence: 2 words, fewer than 6");
        assertThat(report.selection().excluded().get(20).detail())
                .isEqualTo("ambiguous evidence: in 40 chunks of the corpus, more than 3");
        assertThat(report.retriever("ignores-the-query").metrics().get("hit@1").mean())
                .isZero();
        assertThat(report.retriever("always-right").metrics().get("hit@1").mean())
                .isEqualTo(1.0);
        report.writeJson(dir.resolve("benchmark.json"));
        JsonNode json = Json.readTree(dir.resolve("benchmark.json")).path("selection");
        assertThat(json.path("usable").asInt()).isEqualTo(10);
        assertThat(json.path("excludedByReason").path("EVIDENCE_TOO_SHORT").asInt())
                .isEqualTo(20);
        assertThat(json.path("excludedByReason").path("EVIDENCE_IN_MANY_CHUNKS").asInt())
                .isEqualTo(10);
        assertThat(json.path("excluded").get(0).path("detail").asText())
                .isEqualTo("ambiguous evidence: 2 words, fewer than 6");
        assertThat(Json.reader()
                        .forType(BenchmarkResult.class)
                        .<BenchmarkResult>readValue(
                                dir.resolve("benchmark.json").toFile())
                        .selection())
                .isEqualTo(report.selection());
        assertThat(report.warnings())
                .contains("evidence relevance: " + report.selection().describe()
                        + "; the ambiguous ones can be kept (RagLens.Builder.keepAmbiguousEvidence(true)), counted"
                        + " apart");
    }

    @Test
    void ambiguousQuotes_keptOnRequest_areCountedApart() {
        List<QuestionSample> questions = new ArrayList<>();
        IntStream.range(0, 20).forEach(i -> questions.add(question(i, "Tidal stream")));
        IntStream.range(20, 40)
                .forEach(i -> questions.add(question(i, "Turbine " + i + " was fitted with a rotor of " + (10 + i))));

        BenchmarkResult report = runner().retriever(ignoresTheQuery())
                .evidenceRule(new EvidenceRule(6, 3, true))
                .build()
                .run(questions, corpus);

        assertThat(report.questions()).isEqualTo(40);
        assertThat(report.selection().ambiguousKept()).isEqualTo(20);
        assertThat(report.selection().excluded()).isEmpty();
        assertThat(report.selection().describe())
                .isEqualTo("40 of 40 questions usable (20 with ambiguous evidence, kept on request)");
        // every ambiguous quote is in the first chunk returned: the inflation the rule guards against
        assertThat(report.retriever("ignores-the-query").metrics().get("hit@1").mean())
                .isEqualTo(20.0 / 40);
    }

    @Test
    void ligatureNoBreakSpaceAndEmptyQuotes_alwaysRightRetrieverScoresOneOnTheUsable() {
        List<QuestionSample> questions = new ArrayList<>();
        // copied from the PDF as displayed: the ligature the parser's NFKC text no longer has
        IntStream.range(0, 5)
                .forEach(i -> questions.add(question(i, "Turbine " + i + " was ﬁtted with a rotor of " + (10 + i))));
        // a no-break space, as a word processor puts between a number and its unit
        IntStream.range(5, 10)
                .forEach(i -> questions.add(
                        question(i, "a rotor of " + (10 + i) + "\u00A0metres in the year " + (1990 + i))));
        IntStream.range(10, 15).forEach(i -> questions.add(question(i, "")));
        IntStream.range(15, 20)
                .forEach(i -> questions.add(question(i, "Turbine " + i + " was fitted with a rotor of " + (10 + i))));

        BenchmarkResult report = runner().retriever(alwaysRight()).build().run(questions, corpus);

        assertThat(report.questions()).isEqualTo(15);
        assertThat(report.selection().excludedByReason()).containsExactly(Map.entry(QuestionExclusion.NO_EVIDENCE, 5));
        assertThat(report.retriever("always-right").metrics().get("hit@1").mean())
                .isEqualTo(1.0);
    }

    @Test
    void quoteInNoChunk_isExcludedWithItsReason_andTheReportSaysWhich() {
        List<QuestionSample> questions = new ArrayList<>();
        questions.add(question(1, "Turbine 1 was fitted with a rotor of 11"));
        questions.add(question(2, "Turbine 2 was fitted with a blade of 12"));

        BenchmarkResult report = runner().retriever(alwaysRight()).build().run(questions, corpus);

        assertThat(report.questions()).isEqualTo(1);
        assertThat(report.selection().excluded()).singleElement().satisfies(e -> {
            assertThat(e.questionId()).isEqualTo(questions.get(1).id());
            assertThat(e.reason()).isEqualTo(QuestionExclusion.EVIDENCE_NOT_FOUND);
            assertThat(e.detail()).isEqualTo("evidence in no chunk of the corpus");
            assertThat(e.evidence()).isEqualTo("Turbine 2 was fitted with a blade of 12");
        });
        assertThat(report.warnings())
                .contains("evidence relevance: 1 of 2 questions usable; excluded: 1 whose evidence occurs in no chunk"
                        + " of the corpus; quote each question's evidence from the corpus, a sentence long");
    }
}
