package io.github.raglens.eval.benchmark;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.eval.stats.Bootstrap;
import io.github.raglens.eval.stats.PairedRandomizationTest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.result.BenchmarkReport;
import io.github.raglens.result.BenchmarkReport.RetrieverSummary;
import io.github.raglens.spi.Retriever;
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
            corpus.add(new Chunk(
                    id,
                    "doc" + (i % 2),
                    "s" + i,
                    null,
                    "s" + i,
                    ChunkType.PARENT_SECTION,
                    -1,
                    i,
                    "Widget " + i + " weighs " + (i + 3) + " kilograms on the bench scale.",
                    0,
                    30,
                    1,
                    1));
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

        BenchmarkReport report = runner().relevance(Relevance.EVIDENCE)
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

    @Test
    void evidenceWithin_longContextsFindEvidenceOnlyWhenItIsNearTheStart() {
        Retriever verbose = service("verbose", q -> paddedAnswer(q, 3_000));

        BenchmarkReport whole = runner().relevance(Relevance.EVIDENCE)
                .retriever(verbose)
                .build()
                .run(questions, corpus);
        BenchmarkReport fair = runner().relevance(Relevance.EVIDENCE)
                .evidenceWithin(1_200)
                .retriever(verbose)
                .build()
                .run(questions, corpus);

        assertThat(whole.relevance()).isEqualTo("evidence");
        assertThat(whole.retriever("verbose").metrics().get("hit@1").mean()).isEqualTo(1.0);
        assertThat(fair.relevance()).isEqualTo("evidence within the first 1200 characters of each context");
        assertThat(fair.retriever("verbose").metrics().get("hit@1").mean()).isZero();
        assertThat(whole.retriever("verbose").meanContextChars())
                .isEqualTo(questions.stream()
                        .mapToInt(q -> paddedAnswer(q.question(), 3_000)
                                .getFirst()
                                .text()
                                .length())
                        .average()
                        .orElseThrow());
        assertThat(whole.retriever("verbose").isExternal()).isFalse();
    }

    @Test
    void evidenceWithin_otherRelevance_isRejected() {
        assertThatThrownBy(() -> runner().evidenceWithin(100)
                        .retriever(service("s", q -> List.of()))
                        .build())
                .isInstanceOf(IllegalStateException.class)
                .hasMessage(
                        "evidenceWithin(100) applies to evidence relevance only; call relevance(Relevance.EVIDENCE)");
    }

    @Test
    void documentRelevance_gradesTheSourceTheServiceNames() {
        // the right document for even widgets, the wrong one for odd widgets
        Retriever bySource = service("by-source", q -> List.of(context("some text", "doc0")));

        BenchmarkReport report = runner().relevance(Relevance.DOCUMENT)
                .retriever(bySource)
                .build()
                .run(questions, corpus);

        assertThat(report.relevance()).isEqualTo("document");
        assertThat(report.retriever("by-source").metrics().get("hit@1").mean()).isEqualTo(0.5);
    }
}
