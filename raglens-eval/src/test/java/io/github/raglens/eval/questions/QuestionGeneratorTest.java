package io.github.raglens.eval.questions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.github.raglens.error.AuthenticationException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.eval.benchmark.BenchmarkRunner;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.result.QuestionGenerationResult;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class QuestionGeneratorTest {

    @TempDir
    Path dir;

    static Chunk chunk(String id, String doc, String text) {
        return ChunkFixtures.sectionNamed(id, doc, doc + "#s-" + id, doc + " > Section " + id, 0, text);
    }

    private static final String TEXT =
            "The Falcon 9 first stage lands on a drone ship\n  called Of Course I Still Love You after most launches.";

    @Test
    void success_isWrittenWithWhitespaceNormalisedEvidenceCheck() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> QuestionReplies.success(
                        "Where does the Falcon 9 first stage land?",
                        "On a drone ship",
                        "lands on a drone ship called Of Course I Still Love You"));
        Path file = dir.resolve("questions.jsonl");
        QuestionGenerationResult run = QuestionGenerator.builder(llm)
                .build()
                .generate(List.of(chunk("c1", "doc", TEXT)), file, Integer.MAX_VALUE, QuestionProgress.NONE);
        assertThat(run.succeeded()).isEqualTo(1);
        assertThat(run.llmCalls()).isEqualTo(1);
        QuestionSample r = records(file).getFirst();
        assertThat(r.status()).isEqualTo(QuestionStatus.SUCCESS);
        assertThat(r.sourceChunkId()).isEqualTo("c1");
        assertThat(r.documentId()).isEqualTo("doc");
        assertThat(r.id()).startsWith("q-").hasSize(18);
        assertThat(r.model()).isEqualTo("fake/scripted");
        assertThat(llm.requests().getFirst().schema()).isPresent();
        assertThat(llm.requests().getFirst().messages().getFirst().content())
                .contains("according to the text", "in this section", "skip");
    }

    @Test
    void evidenceNotInChunk_isRetriedOnce_thenSucceeds() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> QuestionReplies.retries(r) == 0
                        ? QuestionReplies.success(
                                "Where does the Falcon 9 first stage land?", "drone ship", "lands on a barge")
                        : QuestionReplies.success(
                                "Where does the Falcon 9 first stage land?",
                                "drone ship",
                                "first stage lands on a drone ship"));
        QuestionGenerationResult run = generate(llm, List.of(chunk("c1", "doc", TEXT)));
        assertThat(run.succeeded()).isEqualTo(1);
        assertThat(run.llmCalls()).isEqualTo(2);
        assertThat(llm.requests().get(1).messages().getLast().content())
                .startsWith("The evidence \"lands on a barge\" does not occur in the passage exactly as written.");
    }

    @Test
    void evidenceNotInChunkTwice_isFailedWithTheReason() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> QuestionReplies.success("Where does the Falcon 9 land?", "x", "lands on a barge"));
        QuestionGenerationResult run = generate(llm, List.of(chunk("c1", "doc", TEXT)));
        assertThat(run.failed()).isEqualTo(1);
        assertThat(run.llmCalls()).isEqualTo(2);
        assertThat(run.failureLines())
                .containsExactly("c1: evidence not found verbatim in the chunk: \"lands on a barge\"");
        assertThat(records(dir.resolve("questions.jsonl")).getFirst().status()).isEqualTo(QuestionStatus.FAILED);
    }

    @Test
    void prompt_asksForASentenceOnlyThisPassageHolds() {
        assertThat(QuestionPrompt.SYSTEM)
                .contains("copy one whole sentence from the passage", "at least 6 words", "only this passage says");
    }

    @Test
    void shortEvidence_isAskedAgainOnce_forASentence() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> QuestionReplies.success(
                        "Where does the Falcon 9 first stage land?",
                        "On a drone ship",
                        QuestionReplies.retries(r) == 0 ? "drone ship" : "lands on a drone ship called Of Course"));

        QuestionGenerationResult run = generate(llm, List.of(chunk("c1", "doc", TEXT)));

        assertThat(run.succeeded()).isEqualTo(1);
        assertThat(run.llmCalls()).isEqualTo(2);
        assertThat(llm.requests().get(1).messages().getLast().content())
                .isEqualTo("The evidence \"drone ship\" does not point at this passage alone (ambiguous evidence: 2"
                        + " words, fewer than 6). Reply again with the same JSON, and copy as evidence a whole"
                        + " sentence, or a table's whole row, that only this passage contains.");
        assertThat(records(dir.resolve("questions.jsonl")).getFirst().evidence())
                .isEqualTo("lands on a drone ship called Of Course");
    }

    @Test
    void evidenceSharedByManyChunks_isAskedAgainOnce_thenSkippedWithTheReason() {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 5; i++) {
            chunks.add(chunk(
                    "c" + i,
                    "doc",
                    "All figures are given for the reference year 2024. Site " + i + " has " + (i + 2) + " turbines."));
        }
        ScriptedLlm stubborn = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> QuestionReplies.success(
                        "Which year are the figures for?",
                        "2024",
                        "All figures are given for the reference year 2024."));

        QuestionGenerationResult run = QuestionGenerator.builder(stubborn)
                .build()
                .generate(chunks.subList(0, 1), dir.resolve("one.jsonl"), Integer.MAX_VALUE, QuestionProgress.NONE);
        assertThat(run.succeeded()).isEqualTo(1); // alone in its corpus, the sentence identifies the chunk

        run = QuestionGenerator.builder(stubborn)
                .build()
                .generate(chunks, dir.resolve("five.jsonl"), 1, QuestionProgress.NONE);

        assertThat(run.skipped()).isEqualTo(1);
        assertThat(run.llmCalls()).isEqualTo(2);
        QuestionSample skipped = records(dir.resolve("five.jsonl")).getFirst();
        assertThat(skipped.status()).isEqualTo(QuestionStatus.SKIP);
        assertThat(skipped.reason())
                .isEqualTo("evidence does not identify the passage (ambiguous evidence: in 5 chunks of the corpus,"
                        + " more than 3): \"All figures are given for the reference year 2024.\"");
    }

    @Test
    void bannedPhrase_isRetriedOnce_thenFailsIfStillThere() {
        ScriptedLlm once = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> QuestionReplies.success(
                        QuestionReplies.retries(r) == 0
                                ? "According to the text, where does it land?"
                                : "Where does the Falcon 9 land?",
                        "drone ship",
                        "lands on a drone ship called Of Course"));
        assertThat(generate(once, List.of(chunk("c1", "doc", TEXT))).succeeded())
                .isEqualTo(1);
        assertThat(once.requests().get(1).messages().getLast().content())
                .startsWith("The question contains \"according to the\"");

        ScriptedLlm stubborn = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> QuestionReplies.success(
                        "What landing is described in this section?", "a", "lands on a drone ship called Of"));
        QuestionGenerationResult run = QuestionGenerator.builder(stubborn)
                .build()
                .generate(
                        List.of(chunk("c2", "doc", TEXT)),
                        dir.resolve("q2.jsonl"),
                        Integer.MAX_VALUE,
                        QuestionProgress.NONE);
        assertThat(run.failureLines())
                .containsExactly("c2: question still contains the phrase \"in this section\":"
                        + " \"What landing is described in this section?\"");
    }

    @Test
    void llmSkippingEveryChunk_leavesNoQuestions_andTheBenchmarkSaysWhy() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(r -> QuestionReplies.SKIP);
        List<Chunk> chunks = List.of(
                chunk("c1", "doc", TEXT), chunk("c2", "doc", TEXT + " Again."), chunk("c3", "doc2", TEXT + " Twice."));
        QuestionGenerationResult run = generate(llm, chunks);
        assertThat(run.succeeded()).isZero();
        assertThat(run.skipped()).isEqualTo(3);
        assertThat(run.llmCalls()).isEqualTo(3);
        List<QuestionSample> samples =
                records(dir.resolve("questions.jsonl")).stream().toList();
        Retriever never = new Retriever() {
            @Override
            public String name() {
                return "never";
            }

            @Override
            public RetrievalResult retrieve(String query, int k) {
                return new RetrievalResult("never", query, List.of(), 0);
            }
        };
        assertThatThrownBy(
                        () -> BenchmarkRunner.builder().retriever(never).build().run(samples, chunks))
                .hasMessage("no usable questions: 0 of 3 question records succeeded (3 skipped, 0 failed); check the"
                        + " LLM on a few questions (RagLens.questions(limit, progress) with a small limit) or try"
                        + " another model (RagLens.Builder.llm(...))");
    }

    @Test
    void thinChunks_areSkipped_byTheModelOrWithoutACallWhenTooShort() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(r -> QuestionReplies.SKIP);
        QuestionGenerationResult run = generate(llm, List.of(chunk("c1", "doc", TEXT), chunk("c2", "doc", "Table 3")));
        assertThat(run.skipped()).isEqualTo(2);
        assertThat(run.llmCalls()).isEqualTo(1);
        List<QuestionSample> rs = records(dir.resolve("questions.jsonl"));
        assertThat(rs)
                .extracting(QuestionSample::reason)
                .containsExactlyInAnyOrder(
                        "the model found the chunk too thin to ask about",
                        "chunk has 7 characters of text, fewer than 40");
    }

    @Test
    void invalidJson_isRetriedOnce() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> QuestionReplies.retries(r) == 0
                        ? "Sure! Here is a question:"
                        : QuestionReplies.success(
                                "Where does the Falcon 9 land?", "drone ship", "lands on a drone ship called Of"));
        assertThat(generate(llm, List.of(chunk("c1", "doc", TEXT))).succeeded()).isEqualTo(1);
        ScriptedLlm never = ScriptedLlm.of("fake/scripted").otherwise(r -> "{\"status\":\"maybe\"}");
        QuestionGenerationResult run = QuestionGenerator.builder(never)
                .build()
                .generate(
                        List.of(chunk("c1", "doc", TEXT)),
                        dir.resolve("q3.jsonl"),
                        Integer.MAX_VALUE,
                        QuestionProgress.NONE);
        assertThat(run.failureLines())
                .containsExactly("c1: unusable reply: status must be success or skip, was 'maybe'");
    }

    @Test
    void authenticationFailure_stopsTheRun() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(r -> {
            throw new AuthenticationException(
                    "openai", "gpt-4o-mini", 401, null, "invalid API key; set OPENAI_API_KEY", null);
        });
        assertThatThrownBy(() -> generate(llm, List.of(chunk("c1", "doc", TEXT))))
                .isInstanceOf(AuthenticationException.class);
    }

    @Test
    void unreachableServer_stopsTheRunInsteadOfFailingEveryChunk() {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            chunks.add(chunk("c" + i, "doc", "Passage " + i + " states one plain fact about item " + i + "."));
        }
        String message = "Ollama is not reachable at http://127.0.0.1:9; start it with `ollama serve`, or choose"
                + " RagLens.Builder.llm(OpenAi.chat(model))";
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(r -> {
            throw new ProviderUnreachableException("ollama", "llama3.2", message, null);
        });
        llm.delay(Duration.ofMillis(5));

        assertThatThrownBy(() -> QuestionGenerator.builder(llm)
                        .concurrency(4)
                        .build()
                        .generate(chunks, dir.resolve("questions.jsonl"), Integer.MAX_VALUE, QuestionProgress.NONE))
                .isInstanceOf(ProviderUnreachableException.class)
                .hasMessage(message);
        // a job that takes a permit after the first failure asks nothing, so only the jobs holding a
        // permit at that moment (at most the concurrency) reach the server, however the threads are scheduled
        assertThat(llm.requests().size()).isLessThanOrEqualTo(4);
    }

    @Test
    void concurrency_isBoundedAndEveryChunkAskedOnce() {
        List<Chunk> chunks = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            chunks.add(chunk(
                    "c" + i,
                    "doc" + (i % 3),
                    "Passage number " + i + " explains the fact number " + i + " in detail."));
        }
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(r -> {
            String p = QuestionReplies.passage(r);
            return QuestionReplies.success("What does passage " + p.hashCode() + " explain?", "a fact", p);
        });
        llm.delay(Duration.ofMillis(20));
        QuestionGenerationResult run = QuestionGenerator.builder(llm)
                .concurrency(5)
                .build()
                .generate(chunks, dir.resolve("questions.jsonl"), Integer.MAX_VALUE, QuestionProgress.NONE);
        assertThat(run.succeeded()).isEqualTo(40);
        assertThat(llm.maxInFlight()).isBetween(2, 5);
        Set<String> asked = new HashSet<>();
        llm.requests()
                .forEach(r -> assertThat(asked.add(QuestionReplies.passage(r))).isTrue());
    }

    @Test
    void limit_drawsAcrossTheDocuments_seeded_andSaysSo() {
        // six papers of ten chunks each, in file order: a limit used to take the first paper's chunks only
        List<Chunk> chunks = new ArrayList<>();
        for (int d = 0; d < 6; d++) {
            for (int i = 0; i < 10; i++) {
                chunks.add(chunk(
                        "p" + d + "-c" + i,
                        "paper" + d,
                        "Paper " + d + " reports in passage " + i + " that the measured value was " + (d * 10 + i)
                                + "."));
            }
        }
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(r -> {
            String p = QuestionReplies.passage(r);
            return QuestionReplies.success("What does " + p.substring(0, 30) + " report?", "a value", p);
        });
        Path file = dir.resolve("questions.jsonl");
        QuestionGenerator generator = QuestionGenerator.builder(llm).seed(7).build();

        QuestionGenerationResult first = generator.generate(chunks, file, 12, QuestionProgress.NONE);

        List<QuestionSample> asked = records(file);
        assertThat(asked).hasSize(12);
        assertThat(asked.stream()
                        .collect(java.util.stream.Collectors.groupingBy(
                                QuestionSample::documentId, java.util.stream.Collectors.counting())))
                .hasSize(6)
                .allSatisfy((paper, n) -> assertThat(n).isEqualTo(2));
        assertThat(first.draw().sampled()).isTrue();
        assertThat(first.draw().describe())
                .isEqualTo("sampled 12 of 60 unasked chunks across 6 of 6 documents (stratified by document, seed 7)");

        QuestionGenerationResult second = generator.generate(chunks, file, 12, QuestionProgress.NONE);

        assertThat(second.alreadyDone()).isEqualTo(12);
        assertThat(second.draw().describe())
                .isEqualTo("sampled 12 of 48 unasked chunks across 6 of 6 documents (stratified by document, seed 7)");
        assertThat(records(file))
                .extracting(QuestionSample::sourceChunkId)
                .doesNotHaveDuplicates()
                .hasSize(24);
        QuestionGenerationResult rest = generator.generate(chunks, file, Integer.MAX_VALUE, QuestionProgress.NONE);
        assertThat(rest.draw().sampled()).isFalse();
        assertThat(rest.draw().describe()).isEmpty();
    }

    private QuestionGenerationResult generate(ScriptedLlm llm, List<Chunk> chunks) {
        return QuestionGenerator.builder(llm)
                .build()
                .generate(chunks, dir.resolve("questions.jsonl"), Integer.MAX_VALUE, QuestionProgress.NONE);
    }

    static List<QuestionSample> records(Path file) {
        try (JsonlStore<QuestionSample> store = JsonlStore.open(file, QuestionSample.class, QuestionSample::key)) {
            return store.records();
        }
    }
}
