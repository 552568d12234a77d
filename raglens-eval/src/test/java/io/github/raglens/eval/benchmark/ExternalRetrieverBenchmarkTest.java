package io.github.raglens.eval.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.result.BenchmarkResult;
import io.github.raglens.result.BenchmarkResult.LengthFair;
import io.github.raglens.result.BenchmarkResult.QuestionResult;
import io.github.raglens.result.BenchmarkResult.RetrieverSummary;
import io.github.raglens.result.MetricSummary;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** Retrievers outside raglens: texts without our chunk ids, failures, long contexts, named sources. */
class ExternalRetrieverBenchmarkTest {

    final List<Chunk> corpus = new ArrayList<>();
    final List<QuestionSample> questions = new ArrayList<>();

    ExternalRetrieverBenchmarkTest() {
        for (int i = 0; i < 8; i++) {
            String id = "c" + i;
            corpus.add(ChunkFixtures.sectionNamed(
                    id,
                    "doc" + (i % 2),
                    "s" + i,
                    "s" + i,
                    i,
                    "Widget " + i + " weighs " + (i + 3) + " kilograms on the bench scale."));
            questions.add(new QuestionSample(
                    "q" + i,
                    "How much does widget " + i + " weigh?",
                    (i + 3) + " kilograms",
                    "Widget " + i + " weighs " + (i + 3) + " kilograms on the bench scale",
                    id,
                    "doc" + (i % 2),
                    "s" + i,
                    QuestionStatus.SUCCESS,
                    ""));
        }
    }

    private static BenchmarkRunner.Builder runner() {
        return BenchmarkRunner.builder()
                .ks(1, 5)
                .retrievalThreads(1)
                .bootstrap(Bootstrap.of(500, 42, 0.95))
                .pairedTest(PairedRandomizationTest.of(500, 42));
    }

    /** A service returning texts of its own: the answer's sentence wrapped in {@code padding} characters. */
    private static Retriever service(String name, Function<String, List<RetrievedContext>> reply) {
        return new Retriever() {
            @Override
            public String name() {
                return name;
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                return RetrievalResult.ofContexts(name, query, reply.apply(query), 1_000);
            }
        };
    }

    private static String widget(String query) {
        return query.replaceAll("\\D+", "");
    }

    private static RetrievedContext context(String text, String source) {
        return new RetrievedContext(text, "", Double.NaN, source, 0, Map.of());
    }

    private static List<RetrievedContext> paddedAnswer(String query, int padding) {
        String n = widget(query);
        String text = "x".repeat(padding) + " Widget " + n + " weighs " + (Integer.parseInt(n) + 3)
                + " kilograms on the bench scale.";
        return List.of(context(text, ""));
    }

    @Test
    void failedCalls_areCountedByReasonAndScoredAsMisses_theRestIsComplete() {
        Retriever flaky = service("flaky", q -> {
            if (Integer.parseInt(widget(q)) % 4 == 0) {
                throw new ProviderException(
                        "http", "flaky", 500, null, true, "http/flaky failed with HTTP 500 after 4 attempts", null);
            }
            return paddedAnswer(q, 0);
        });

        BenchmarkResult report = runner().relevance(Relevance.EVIDENCE)
                .externalRetriever(flaky, "http://localhost:9/search")
                .build()
                .run(questions, corpus);

        RetrieverSummary s = report.retriever("flaky");
        assertThat(s.isExternal()).isTrue();
        assertThat(s.origin()).isEqualTo("http://localhost:9/search");
        assertThat(s.failures()).containsExactly(Map.entry("http/flaky failed with HTTP 500 after 4 attempts", 2));
        assertThat(s.failedQueries()).isEqualTo(2);
        assertThat(s.metrics().get("hit@1").mean()).isEqualTo(6.0 / 8);
    }

    @Test
    void unreachableService_stopsTheBenchmark() {
        Retriever down = service("down", q -> {
            throw new ProviderUnreachableException("http", "down", "no connection to http://localhost:9/search", null);
        });

        assertThatThrownBy(() -> runner().relevance(Relevance.EVIDENCE)
                        .externalRetriever(down, "http://localhost:9/search")
                        .build()
                        .run(questions, corpus))
                .isInstanceOf(ProviderUnreachableException.class)
                .hasMessage("no connection to http://localhost:9/search");
    }

    /** A service returning {@code before} characters of other text, then the widget's sentence. */
    private static Retriever lateEvidence(String name, int before) {
        return service(name, q -> paddedAnswer(q, before));
    }

    /** A service returning 500 characters of other text, then 500 starting with the widget's sentence. */
    private static Retriever secondContext(String name) {
        return service(name, q -> {
            String sentence = paddedAnswer(q, 0).getFirst().text().strip();
            return List.of(
                    context("y".repeat(500), ""), context(sentence + " " + "z".repeat(499 - sentence.length()), ""));
        });
    }

    @Test
    void contextsOfWidelyDifferentLengths_getTheLengthFairComparisonBeside_whichReadsEveryoneAsMuchText() {
        Retriever verbose = lateEvidence("verbose", 2_000);
        Retriever concise = secondContext("concise");

        BenchmarkResult report = runner().ks(1, 5, 10)
                .relevance(Relevance.EVIDENCE)
                .retriever(verbose)
                .retriever(concise)
                .build()
                .run(questions, corpus);

        // by default the long context wins: it holds the sentence at rank 1
        assertThat(report.retriever("verbose").metrics().get("hit@1").mean()).isEqualTo(1.0);
        assertThat(report.retriever("concise").metrics().get("hit@1").mean()).isZero();
        double verboseChars = report.retriever("verbose").meanContextChars();
        double conciseChars = report.retriever("concise").meanContextChars();
        assertThat(verboseChars).isGreaterThan(4 * conciseChars);
        LengthFair fair = report.lengthFair();
        assertThat(fair.made()).isTrue();
        assertThat(fair.chars()).isEqualTo(500);
        assertThat(fair.reason())
                .isEqualTo("mean context lengths differ widely: verbose " + Math.round(verboseChars) + ", concise "
                        + Math.round(conciseChars) + " characters");
        assertThat(report.warnings())
                .contains(fair.reason() + ", and a longer context holds the target more often whatever the ranking,"
                        + " so length alone can decide a comparison; the length-fair comparison beside the default"
                        + " reads every retriever " + fair.chars() + " characters a rank");
        // read as much text each, the verbose sentence ends in its fifth rank of text, the concise one in its second
        Map<String, MetricSummary> v = fair.retrievers().get(0).metrics();
        Map<String, MetricSummary> c = fair.retrievers().get(1).metrics();
        assertThat(v.get("hit@1").mean()).isZero();
        assertThat(v.get("mrr@10").mean()).isCloseTo(1.0 / 5, within(1e-12));
        assertThat(c.get("mrr@10").mean()).isCloseTo(1.0 / 2, within(1e-12));
        assertThat(v).doesNotContainKey("section_hit@1");
        assertThat(fair.comparisons())
                .filteredOn(t -> t.metric().equals("mrr@10"))
                .singleElement()
                .satisfies(t -> assertThat(t.meanDifference()).isCloseTo(0.2 - 0.5, within(1e-12)));
    }

    @Test
    void lengthFair_isMadeWhenAskedForAtTheRankLengthGiven_andOnlyThenWhenLengthsAreAlike() {
        Retriever a = lateEvidence("a", 700);
        Retriever b = lateEvidence("b", 500);

        BenchmarkResult alike = runner().relevance(Relevance.EVIDENCE)
                .retriever(a)
                .retriever(b)
                .build()
                .run(questions, corpus);
        BenchmarkResult asked = runner().relevance(Relevance.EVIDENCE)
                .lengthFair(300)
                .retriever(a)
                .retriever(b)
                .build()
                .run(questions, corpus);

        assertThat(alike.lengthFair().made()).isFalse();
        assertThat(alike.warnings()).isEmpty();
        assertThat(asked.relevance()).isEqualTo("evidence");
        assertThat(asked.lengthFair().chars()).isEqualTo(300);
        assertThat(asked.lengthFair().reason()).isEqualTo("asked for");
        // the sentence ends 747 characters into the text: in its third rank of 300 characters
        assertThat(asked.lengthFair().retrievers().get(0).metrics().get("mrr@5").mean())
                .isEqualTo(1.0 / 3);
    }

    @Test
    void lengthFair_otherRelevance_isRejected() {
        assertThatThrownBy(() -> runner().lengthFair(100)
                        .retriever(service("s", q -> List.of()))
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("lengthFair(100) applies to evidence relevance only; call relevance(Relevance.EVIDENCE)");
    }

    @Test
    void contextsOfWidelyDifferentLengths_underChunkRelevance_areWarnedAbout() {
        BenchmarkResult report = runner().retriever(FakeRetrievers.sourceAt("short", 1, corpus, sourceOf()))
                .retriever(lateEvidence("long", 3_000))
                .build()
                .run(questions, corpus);

        assertThat(report.lengthFair().made()).isFalse();
        assertThat(report.warnings())
                .singleElement()
                .asString()
                .startsWith("mean context lengths differ widely: short ")
                .endsWith("; evidence relevance (RagLens.Builder.relevance(mode)) adds a length-fair comparison");
    }

    private Map<String, String> sourceOf() {
        Map<String, String> sources = new java.util.HashMap<>();
        questions.forEach(q -> sources.put(q.question(), q.sourceChunkId()));
        return sources;
    }

    @Test
    void anExternalRetrieversHits_keepTheirTexts_forTheReportAndTheGate() {
        // ids of its own, which name no chunk of the workspace
        Retriever service = service(
                "shop",
                q -> List.of(
                        new RetrievedContext(
                                "Aisle seven stocks the blue boxes.", "w2726", Double.NaN, "", 0, Map.of()),
                        new RetrievedContext(
                                "Returns are accepted within 28 days.", "w2727", Double.NaN, "", 0, Map.of()),
                        new RetrievedContext("Gift cards never expire.", "w2728", Double.NaN, "", 0, Map.of()),
                        new RetrievedContext("Parking is free on Sundays.", "w2729", Double.NaN, "", 0, Map.of())));

        BenchmarkResult report = runner().relevance(Relevance.EVIDENCE)
                .retriever(FakeRetrievers.sourceAt("ours", 1, corpus, sourceOf()))
                .externalRetriever(service, "http://localhost:9/search")
                .build()
                .run(questions, corpus);

        QuestionResult theirs = report.perQuestion().stream()
                .filter(r -> r.retriever().equals("shop"))
                .findFirst()
                .orElseThrow();
        assertThat(theirs.ranking()).containsExactly("w2726", "w2727", "w2728", "w2729");
        assertThat(theirs.texts())
                .containsExactly(
                        "Aisle seven stocks the blue boxes.",
                        "Returns are accepted within 28 days.",
                        "Gift cards never expire.",
                        "Parking is free on Sundays.");
        QuestionResult ours = report.perQuestion().stream()
                .filter(r -> r.retriever().equals("ours"))
                .findFirst()
                .orElseThrow();
        assertThat(ours.texts()).hasSize(5);
        assertThat(ours.texts().subList(0, 3)).allSatisfy(t -> assertThat(t).startsWith("Widget "));
        assertThat(ours.texts().subList(3, 5)).containsOnly("");
        assertThat(BaselineRecorder.fromBenchmark(report).returned("shop", theirs.queryId()))
                .isEqualTo(
                        "no relevant hit in 4; top: w2726 \"Aisle seven stocks the blue boxes.\", w2727 \"Returns are"
                                + " accepted within 28 days.\", w2728 \"Gift cards never expire.\"");
    }

    @Test
    void aHitsText_isKeptWhole_upToTheLimit_andCutWithAnEllipsisBeyond() {
        String fits = "x".repeat(QuestionResult.TEXT_CHARS - 5) + " \n\t ab\u00A0c"; // 200 once collapsed
        String over = "y".repeat(QuestionResult.TEXT_CHARS - 2) + "\n\nzz"; // 201 once collapsed
        Retriever service = service(
                "long",
                q -> List.of(
                        new RetrievedContext(fits, "a", Double.NaN, "", 0, Map.of()),
                        new RetrievedContext(over, "b", Double.NaN, "", 0, Map.of())));

        QuestionResult r = runner().relevance(Relevance.EVIDENCE)
                .externalRetriever(service, "http://localhost:9/search")
                .build()
                .run(questions, corpus)
                .perQuestion()
                .getFirst();

        assertThat(r.texts().get(0)).hasSize(QuestionResult.TEXT_CHARS).endsWith("x ab\u00A0c");
        assertThat(r.texts().get(1)).isEqualTo("y".repeat(QuestionResult.TEXT_CHARS - 2) + " …");
    }

    @Test
    void documentRelevance_gradesTheSourceTheServiceNames() {
        // the right document for even widgets, the wrong one for odd widgets
        Retriever bySource = service("by-source", q -> List.of(context("some text", "doc0")));

        BenchmarkResult report = runner().relevance(Relevance.DOCUMENT)
                .retriever(bySource)
                .build()
                .run(questions, corpus);

        assertThat(report.relevance()).isEqualTo("document");
        assertThat(report.retriever("by-source").metrics().get("hit@1").mean()).isEqualTo(0.5);
    }
}
