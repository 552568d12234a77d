package io.github.raglens;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.Relevance;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.Baseline;
import io.github.raglens.sample.SampleCorpus;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.store.ChunksFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The run index: what each benchmark and evaluate run appends, and how a workspace's runs read back. */
class RunHistoryTest {

    @TempDir
    Path dir;

    private static LlmProvider answerer() {
        return new LlmProvider() {
            @Override
            public String modelName() {
                return "fake/answerer";
            }

            @Override
            public ChatOutcome chat(ChatRequest request) {
                return new ChatOutcome.Completed("Tidal power uses the tides.", new TokenUsage(100, 7));
            }
        };
    }

    /** A bm25 pipeline on the sample corpus with its hand-checked questions, the first {@code n} of them. */
    private RagLens prepared(int n) {
        RagLens lens = RagLens.builder()
                .workspace(dir.resolve("ws"))
                .relevance(Relevance.EVIDENCE)
                .llm(RunHistoryTest::answerer)
                .bm25()
                .build();
        lens.ingest(SampleCorpus.writeTo(dir.resolve("corpus")));
        lens.index();
        writeQuestions(lens, n);
        return lens;
    }

    private static void writeQuestions(RagLens lens, int n) {
        List<QuestionSample> samples =
                SampleCorpus.questionSamples(ChunksFile.read(lens.workspace().chunks()));
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(lens.workspace().questions(), QuestionSample.class, QuestionSample::sourceChunkId)) {
            for (QuestionSample q : samples.subList(0, n)) {
                store.append(new QuestionSample(
                        q.id(),
                        q.question(),
                        q.referenceAnswer(),
                        q.evidence(),
                        q.sourceChunkId() + "#" + q.id(),
                        q.documentId(),
                        q.sectionId(),
                        QuestionStatus.SUCCESS,
                        "",
                        false,
                        "hand/checked"));
            }
        }
    }

    private static EvaluateOptions options() {
        return EvaluateOptions.builder()
                .sample(4)
                .contexts(3)
                .metrics(List.of(JudgeMetric.ROUGE_L, JudgeMetric.SUBSTRING_MATCH))
                .build();
    }

    @Test
    void benchmarkAndEvaluate_eachAppendARun_withItsOptionsInputsResultsAndOwnCopies() {
        RagLens lens = prepared(20);
        lens.benchmark();
        lens.evaluate(options(), ProgressListener.NONE);
        writeQuestions(lens, 24);
        lens.benchmark();

        RunHistory history = lens.runs();

        assertThat(history.problems()).isEmpty();
        assertThat(history.runs())
                .extracting(RunRecord::id, RunRecord::kind)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple("1", RunRecord.BENCHMARK),
                        org.assertj.core.groups.Tuple.tuple("2", RunRecord.EVALUATE),
                        org.assertj.core.groups.Tuple.tuple("3", RunRecord.BENCHMARK));
        RunRecord first = history.runs().get(0);
        RunRecord evaluation = history.runs().get(1);
        RunRecord third = history.runs().get(2);
        assertThat(first.options()).containsEntry("benchmark.relevance", "evidence");
        assertThat(first.inputs()).containsKeys("corpus", "chunker", "chunks", "index", "questions", "retrievers");
        assertThat(first.versions()).containsEntry("relevance", "evidence");
        assertThat(third.inputs().get("questions"))
                .as("24 questions are another question set than 20")
                .isNotEqualTo(first.inputs().get("questions"));
        assertThat(third.inputs().get("corpus")).isEqualTo(first.inputs().get("corpus"));
        assertThat(first.estimates(RunRecord.Estimate.RETRIEVAL))
                .filteredOn(e -> e.metric().equals("hit@5"))
                .singleElement()
                .satisfies(e -> {
                    assertThat(e.system()).isEqualTo("bm25");
                    assertThat(e.n()).isEqualTo(20);
                });
        assertThat(evaluation.inputs()).containsKeys("systems", "judge");
        assertThat(evaluation.versions()).containsKeys("rouge_l", "substring_match");
        assertThat(evaluation.estimates(RunRecord.Estimate.JUDGE))
                .extracting(RunRecord.Estimate::metric)
                .containsExactlyInAnyOrder("rouge_l", "substring_match");

        Baseline before = history.baseline(first, RunRecord.Estimate.RETRIEVAL).orElseThrow();
        Baseline after = history.baseline(third, RunRecord.Estimate.RETRIEVAL).orElseThrow();
        assertThat(before.values("bm25", "hit@5"))
                .as("the first run's own copy")
                .hasSize(20);
        assertThat(after.values("bm25", "hit@5")).hasSize(24);
        assertThat(history.baseline(evaluation, RunRecord.Estimate.JUDGE)
                        .orElseThrow()
                        .values("bm25", "rouge_l"))
                .hasSize(4);
        assertThat(history.benchmark(first).orElseThrow().questions()).isEqualTo(20);
        assertThat(history.baseline(evaluation, RunRecord.Estimate.RETRIEVAL)).isEmpty();
    }

    @Test
    void aWorkspaceFromBeforeTheRunIndex_showsItsFilesAsOneRun_andKeepsThemWhenTheNextRunOverwritesThem()
            throws Exception {
        RagLens lens = prepared(20);
        lens.benchmark();
        deleteRunIndex(lens);

        RunHistory before = lens.runs();
        assertThat(before.runs()).singleElement().satisfies(r -> {
            assertThat(r.kind()).isEqualTo(RunRecord.EXISTING);
            assertThat(r.files()).containsEntry(RunRecord.BENCHMARK_FILE, "benchmark.json");
        });

        writeQuestions(lens, 24);
        lens.benchmark();

        RunHistory after = lens.runs();
        assertThat(after.runs()).extracting(RunRecord::kind).containsExactly(RunRecord.EXISTING, RunRecord.BENCHMARK);
        assertThat(after.benchmark(after.runs().get(0)).orElseThrow().questions())
                .as("the old results were copied before the new run overwrote benchmark.json")
                .isEqualTo(20);
        assertThat(after.benchmark(after.runs().get(1)).orElseThrow().questions())
                .isEqualTo(24);
    }

    @Test
    void aCorruptLineInTheRunIndex_isSkippedAndNamed_andTheRunsAfterItAreRead() throws Exception {
        RagLens lens = prepared(20);
        lens.benchmark();
        Files.writeString(
                lens.workspace().runIndex(), "{\"id\": \"torn\n", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        lens.benchmark();

        RunHistory history = lens.runs();

        assertThat(history.problems()).containsExactly("run-index.jsonl line 2 is not a run record and was skipped");
        assertThat(history.runs()).extracting(RunRecord::id).containsExactly("1", "2");
    }

    @Test
    void aWorkspaceWithoutResults_hasNoRuns() {
        RunHistory history =
                RagLens.builder().workspace(dir.resolve("empty")).build().runs();

        assertThat(history.runs()).isEmpty();
        assertThat(history.problems()).isEmpty();
    }

    private static void deleteRunIndex(RagLens lens) throws Exception {
        Path index = lens.workspace().runIndex();
        for (Path p : List.of(
                index,
                index.resolveSibling(index.getFileName() + ".lock"),
                index.resolveSibling(index.getFileName() + ".meta.json"))) {
            Files.deleteIfExists(p);
        }
    }
}
