package io.github.raglens.eval.answers;

import static org.assertj.core.api.Assertions.assertThat;

import io.github.raglens.error.ProviderException;
import io.github.raglens.error.ProviderUnreachableException;
import io.github.raglens.internal.PromptVersion;
import io.github.raglens.model.ChatOutcome;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.RagAnswer;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.model.RetrievedContext;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.AnswerSummary.SystemAnswers;
import io.github.raglens.spi.LlmProvider;
import io.github.raglens.spi.RagSystem;
import io.github.raglens.spi.Retriever;
import io.github.raglens.testkit.ChunkFixtures;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Answers are grounded in the top-k contexts, stored per (retriever, question) and resumable. */
public class AnswerGeneratorTest {

    @TempDir
    Path dir;

    static Chunk chunk(String id, String text) {
        return ChunkFixtures.sectionNamed(id, "doc", "s-" + id, "doc > " + id, 0, text);
    }

    /** Returns chunks named after itself, at most k. */
    public record FakeRetriever(String name) implements Retriever {
        @Override
        public RetrievalResult retrieve(String query, int k) {
            List<RetrievedChunk> hits = new java.util.ArrayList<>();
            for (int i = 1; i <= Math.min(k, 6); i++) {
                hits.add(
                        RetrievedChunk.of(i, 1.0 / i, chunk(name + "-c" + i, name + " passage " + i + " on " + query)));
            }
            return new RetrievalResult(name, query, hits, 0);
        }
    }

    public static QuestionSample question(String id) {
        return new QuestionSample(
                id,
                "Question " + id + "?",
                "Reference " + id + ".",
                "evidence",
                "c-" + id,
                "doc",
                "s",
                QuestionStatus.SUCCESS,
                "");
    }

    @Test
    void answersEveryPairFromTopKContexts_recordsFailures_andTheRerunRetriesOnlyThem() {
        AtomicBoolean refuse = new AtomicBoolean(true);
        ScriptedLlm llm = ScriptedLlm.of("fake/answer")
                .on(
                        "",
                        "QUESTION: Question q2?",
                        r -> refuse.get()
                                ? new ChatOutcome.Failed(ChatOutcome.Reason.REFUSAL, "refused", TokenUsage.NONE)
                                : new ChatOutcome.Completed("Answer two.", new TokenUsage(50, 5)))
                .on("", "QUESTION:", "Grounded answer.");
        List<QuestionSample> qs = List.of(question("q1"), question("q2"), question("q3"));
        List<Retriever> rs = List.of(new FakeRetriever("bm25"), new FakeRetriever("dense"));
        Path file = dir.resolve("answers.jsonl");

        AnswerGenerator.Summary first = AnswerGenerator.of(llm, 5, 4).generate(file, qs, rs);
        assertThat(first.counts().answered()).isEqualTo(4);
        assertThat(first.counts().failed()).isEqualTo(2);
        assertThat(first.counts().failuresByReason()).containsEntry("refusal", 2);
        assertThat(llm.calls()).isEqualTo(6);
        String prompt = ScriptedLlm.prompt(llm.requests().get(0));
        assertThat(prompt).contains("[5] ").doesNotContain("[6] ");

        AnswerRecord a = AnswerGenerator.read(file).stream()
                .filter(r -> r.retriever().equals("dense") && r.questionId().equals("q1"))
                .findFirst()
                .orElseThrow();
        assertThat(a.contexts()).containsExactly("dense-c1", "dense-c2", "dense-c3", "dense-c4", "dense-c5");
        assertThat(a.contextTexts().get(0)).isEqualTo("dense passage 1 on Question q1?");
        assertThat(a.answer()).isEqualTo("Grounded answer.");

        refuse.set(false);
        AnswerGenerator.Summary second = AnswerGenerator.of(llm, 5, 4).generate(file, qs, rs);
        assertThat(second.counts().alreadyAnswered()).isEqualTo(4);
        assertThat(second.counts().answered()).isEqualTo(2);
        assertThat(llm.calls()).isEqualTo(8);

        List<EvalCase> cases = EvalCases.from(AnswerGenerator.read(file), qs, id -> "source of " + id);
        assertThat(cases).hasSize(6);
        assertThat(cases.get(0).referenceContexts())
                .containsExactly("source of c-" + cases.get(0).questionId());
    }

    /** A retriever whose texts carry a version, as a re-chunked or re-indexed corpus changes them. */
    static final class VersionedRetriever implements Retriever {
        volatile String version = "v1";

        @Override
        public String name() {
            return "bm25";
        }

        @Override
        public RetrievalResult retrieve(String query, int k) {
            return new RetrievalResult(
                    "bm25", query, List.of(RetrievedChunk.of(1, 1.0, chunk("c1", version + " text on " + query))), 0);
        }
    }

    @Test
    void answers_areReusedOnlyWhileEverythingThatMadeThemIsUnchanged() {
        ScriptedLlm llm = ScriptedLlm.of("fake/answer").on("", "QUESTION:", "Grounded answer.");
        ScriptedLlm other = ScriptedLlm.of("fake/other").on("", "QUESTION:", "Other answer.");
        VersionedRetriever retriever = new VersionedRetriever();
        List<QuestionSample> qs = List.of(question("q1"), question("q2"), question("q3"));
        Path file = dir.resolve("answers.jsonl");
        List<Retriever> rs = List.of(retriever);

        assertThat(AnswerGenerator.of(llm, 5, 4).generate(file, qs, rs).counts().answered())
                .isEqualTo(3);
        AnswerGenerator.Summary same = AnswerGenerator.of(llm, 5, 4).generate(file, qs, rs);
        assertThat(same.counts().alreadyAnswered()).isEqualTo(3);
        assertThat(llm.calls()).isEqualTo(3);

        retriever.version = "v2"; // re-chunked: other context texts
        AnswerGenerator.Summary rechunked = AnswerGenerator.of(llm, 5, 4).generate(file, qs, rs);
        assertThat(rechunked.counts().alreadyAnswered()).isZero();
        assertThat(rechunked.counts().answered()).isEqualTo(3);
        assertThat(rechunked.current())
                .allSatisfy(a -> assertThat(a.contextTexts().getFirst()).startsWith("v2 "));

        AnswerGenerator.Summary newModel = AnswerGenerator.of(other, 5, 4).generate(file, qs, rs);
        assertThat(newModel.counts().alreadyAnswered()).isZero();
        assertThat(newModel.current()).extracting(AnswerRecord::answer).containsOnly("Other answer.");

        assertThat(AnswerGenerator.of(other, 3, 4)
                        .generate(file, qs, rs)
                        .counts()
                        .alreadyAnswered())
                .as("k is part of the key")
                .isZero();
        assertThat(AnswerGenerator.read(file))
                .extracting(AnswerRecord::provenance)
                .allSatisfy(p -> assertThat(p)
                        .startsWith("answer-model=fake/other\nprompt=" + AnswerGenerator.PROMPT_VERSION + "\nk=3\n"));
    }

    @Test
    void ownSystem_answersAreRecordedWithTheirContexts_failuresWithTheirReason_unreachableStops() {
        RagSystem mine = new RagSystem() {
            @Override
            public String name() {
                return "my-app";
            }

            @Override
            public Optional<String> version() {
                return Optional.of("1.4");
            }

            @Override
            public RagAnswer answer(String question) {
                if (question.contains("q2")) {
                    throw new ProviderException(
                            "http",
                            "my-app",
                            500,
                            null,
                            true,
                            "http/my-app failed with HTTP 500 after 4 attempts",
                            null);
                }
                return new RagAnswer(
                        "Mine: " + question,
                        List.of(new RetrievedContext("Widgets weigh 3 kg.", "w-1", 0.9, "a.pdf", 2, Map.of())));
            }
        };
        List<QuestionSample> qs = List.of(question("q1"), question("q2"), question("q3"));
        Path file = dir.resolve("answers.jsonl");

        AnswerGenerator.Summary first = AnswerGenerator.of(ScriptedLlm.of("unused"), 5, 2)
                .generate(file, qs, List.of(mine), Map.of("my-app", "http://localhost:8080/ask"));

        assertThat(first.counts().answered()).isEqualTo(2);
        assertThat(first.counts().failuresByReason())
                .containsExactly(Map.entry("http/my-app failed with HTTP 500 after 4 attempts", 1));
        AnswerRecord q1 = first.current().stream()
                .filter(a -> a.questionId().equals("q1"))
                .findFirst()
                .orElseThrow();
        assertThat(q1.contexts()).containsExactly("w-1");
        assertThat(q1.contextTexts()).containsExactly("Widgets weigh 3 kg.");
        assertThat(q1.provenance()).startsWith("system=http://localhost:8080/ask\nversion=1.4\nquestion=");

        AnswerGenerator.Summary again = AnswerGenerator.of(ScriptedLlm.of("unused"), 5, 2)
                .generate(file, qs, List.of(mine), Map.of("my-app", "http://localhost:8080/ask"));
        assertThat(again.counts().alreadyAnswered()).isEqualTo(2);
        assertThat(again.counts().failed()).isEqualTo(1);
        assertThat(AnswerGenerator.of(ScriptedLlm.of("unused"), 5, 2)
                        .generate(file, qs, List.of(mine), Map.of("my-app", "http://elsewhere/ask"))
                        .counts()
                        .alreadyAnswered())
                .as("another origin is another system")
                .isZero();

        RagSystem down = new RagSystem() {
            @Override
            public String name() {
                return "down";
            }

            @Override
            public RagAnswer answer(String question) {
                throw new ProviderUnreachableException(
                        "http", "down", "no connection to http://localhost:9/ask; start the service", null);
            }
        };
        AnswerGenerator.Summary stopped = AnswerGenerator.of(ScriptedLlm.of("unused"), 5, 1)
                .generate(dir.resolve("down.jsonl"), qs, List.of(down), Map.of());
        assertThat(stopped.counts().stopReason())
                .contains("no connection to http://localhost:9/ask; start the service");
        assertThat(stopped.counts().answered() + stopped.counts().failed()).isZero();
    }

    @Test
    void answerPromptVersion_isTheVersionOfTheRequestSent_withItsTemperatureAndOutputCap() {
        ChatRequest sent = AnswerGenerator.request("{question}", List.of("{passage 1}", "{passage 2}"));
        assertThat(sent.temperature()).isEqualTo(AnswerGenerator.TEMPERATURE);
        assertThat(sent.maxOutputTokens()).isEqualTo(AnswerGenerator.MAX_OUTPUT_TOKENS);
        assertThat(AnswerGenerator.PROMPT_VERSION)
                .isEqualTo(PromptVersion.of("answer", sent))
                .isNotEqualTo(PromptVersion.of(
                        "answer", new ChatRequest(sent.messages(), sent.schema(), 0.7, sent.seed(), 512)))
                .isNotEqualTo(PromptVersion.of(
                        "answer", new ChatRequest(sent.messages(), sent.schema(), 0, sent.seed(), 1_024)));
    }

    /** An answering model whose server says which weights it serves, as Ollama's digest does. */
    static final class ServedModel implements LlmProvider {
        private final ScriptedLlm replies = ScriptedLlm.of("fake/answer").on("", "QUESTION:", "Grounded answer.");
        volatile Optional<String> served = Optional.empty();

        @Override
        public String modelName() {
            return replies.modelName();
        }

        @Override
        public ChatOutcome chat(ChatRequest request) {
            return replies.chat(request);
        }

        @Override
        public Optional<String> servedModel() {
            return served;
        }
    }

    @Test
    void anAnswerOfAModelSinceRePulled_isAskedAnew_andOneWhoseServedModelIsUnknown_isReused() {
        ServedModel model = new ServedModel();
        List<QuestionSample> qs = List.of(question("q1"), question("q2"), question("q3"));
        List<Retriever> rs = List.of(new FakeRetriever("bm25"));
        Path file = dir.resolve("answers.jsonl");

        model.served = Optional.of("sha256:aaaa");
        assertThat(AnswerGenerator.of(model, 5, 2)
                        .generate(file, qs, rs)
                        .counts()
                        .answered())
                .isEqualTo(3);
        assertThat(AnswerGenerator.read(file)).extracting(AnswerRecord::served).containsOnly("sha256:aaaa");
        assertThat(AnswerGenerator.of(model, 5, 2)
                        .generate(file, qs, rs)
                        .counts()
                        .alreadyAnswered())
                .isEqualTo(3);

        model.served = Optional.of("sha256:bbbb"); // ollama pull: other weights under the same name
        AnswerGenerator.Summary repulled = AnswerGenerator.of(model, 5, 2).generate(file, qs, rs);
        assertThat(repulled.counts().alreadyAnswered()).isZero();
        assertThat(repulled.counts().answered()).isEqualTo(3);
        assertThat(AnswerGenerator.read(file)).extracting(AnswerRecord::served).containsOnly("sha256:bbbb");

        model.served = Optional.empty(); // the server cannot say (yet): nothing shows a change
        assertThat(AnswerGenerator.of(model, 5, 2)
                        .generate(file, qs, rs)
                        .counts()
                        .alreadyAnswered())
                .isEqualTo(3);
    }

    /** A user's application whose answers change when it is redeployed, with or without a version. */
    static final class Redeployed implements RagSystem {
        volatile String release = "first";
        volatile Optional<String> version = Optional.empty();

        @Override
        public String name() {
            return "my-app";
        }

        @Override
        public Optional<String> version() {
            return version;
        }

        @Override
        public RagAnswer answer(String question) {
            return new RagAnswer(
                    release + " answer to " + question,
                    List.of(new RetrievedContext("Widgets weigh 3 kg.", "w-1", 0.9, "a.pdf", 2, Map.of())));
        }
    }

    @Test
    void aUserSystemWithoutVersion_isAskedAnewOnEveryRun_oneWithAVersion_isReusedWhileItHolds() {
        Redeployed app = new Redeployed();
        List<QuestionSample> qs = List.of(question("q1"), question("q2"), question("q3"));
        Path file = dir.resolve("answers.jsonl");
        Map<String, String> origins = Map.of("my-app", "http://localhost:8080/ask");
        AnswerGenerator generator = AnswerGenerator.of(ScriptedLlm.of("unused"), 5, 2);

        generator.generate(file, qs, List.of(app), origins);
        app.release = "second"; // redeployed behind the same URL
        AnswerGenerator.Summary unversioned = generator.generate(file, qs, List.of(app), origins);
        assertThat(unversioned.counts().systems())
                .containsExactly(new SystemAnswers("my-app", true, Optional.empty(), 0, 3, 0));
        assertThat(unversioned.current()).extracting(AnswerRecord::answer).allMatch(a -> a.startsWith("second "));

        app.version = Optional.of("2.0");
        generator.generate(file, qs, List.of(app), origins);
        AnswerGenerator.Summary same = generator.generate(file, qs, List.of(app), origins);
        assertThat(same.counts().systems())
                .containsExactly(new SystemAnswers("my-app", true, Optional.of("2.0"), 3, 0, 0));

        app.release = "third";
        app.version = Optional.of("2.1");
        AnswerGenerator.Summary newVersion = generator.generate(file, qs, List.of(app), origins);
        assertThat(newVersion.counts().systems())
                .containsExactly(new SystemAnswers("my-app", true, Optional.of("2.1"), 0, 3, 0));
        assertThat(newVersion.current()).extracting(AnswerRecord::answer).allMatch(a -> a.startsWith("third "));
        assertThat(newVersion.counts().alreadyAnswered()).isZero();
        assertThat(newVersion.counts().answered()).isEqualTo(3);
    }
}
