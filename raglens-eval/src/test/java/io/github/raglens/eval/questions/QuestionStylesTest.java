package io.github.raglens.eval.questions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.model.TokenPrice;
import io.github.raglens.result.CostEstimate;
import io.github.raglens.result.QuestionGenerationResult;
import io.github.raglens.testkit.ChunkFixtures;
import io.github.raglens.testkit.ScriptedLlm;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Question styles: what each records, the paraphrase's re-ask, the personas' one call, multi-hop's two quotes. */
class QuestionStylesTest {

    @TempDir
    Path dir;

    private static final String LANDING =
            "The Falcon 9 first stage lands on a drone ship called Of Course I Still Love You after most launches.";
    private static final String ENGINES =
            "Nine Merlin engines power the first stage and burn a mix of kerosene and liquid oxygen.";
    private static final String PERSONAS = """
            {"field":"rocketry","personas":[
              {"name":"newcomer","description":"a student who follows launches on the news"},
              {"name":"expert","description":"a propulsion engineer"}]}""";

    static Chunk chunk(String id, String doc, String section, int order, String text) {
        return ChunkFixtures.sectionNamed(id, doc, section, doc + " > " + section, order, text);
    }

    private final List<Chunk> corpus =
            List.of(chunk("c1", "doc", "landing", 0, LANDING), chunk("c2", "doc", "engines", 1, ENGINES));

    /** Replies in the style the request's system prompt asks for, quoting the passage it shows. */
    private static String reply(ChatRequest r) {
        String system = r.messages().getFirst().content();
        if (system.contains("two to four different people")) {
            return PERSONAS;
        }
        // the passage shown first (passage A of a multi-hop question)
        boolean landing = ScriptedLlm.prompt(r).startsWith("Passage A")
                ? ScriptedLlm.prompt(r).indexOf("drone ship")
                        < ScriptedLlm.prompt(r).indexOf("Merlin")
                : ScriptedLlm.prompt(r).contains("drone ship");
        String quote = landing ? LANDING : ENGINES;
        if (system.contains("passages, A and B")) {
            return hop(quote, landing ? ENGINES : LANDING);
        }
        String question;
        if (system.contains("search box")) {
            question = landing ? "falcon 9 drone ship landing" : "merlin engines fuel";
        } else if (system.contains("own vocabulary")) {
            question = landing ? "Where does the reusable booster come down at sea?" : "What do the motors burn?";
        } else if (system.contains("ask as this person would")) {
            question = landing ? "Do rockets really come back and land on boats?" : "Which propellants does it use?";
        } else {
            question = landing ? "Where does the Falcon 9 first stage land?" : "What fuel do the Merlin engines burn?";
        }
        return QuestionReplies.success(question, "an answer", quote);
    }

    private static String hop(String first, String second) {
        return "{\"status\":\"success\",\"question\":\"Which ship catches the stage that nine engines lift?\","
                + "\"answer\":\"Of Course I Still Love You\",\"evidence\":\"" + first + "\",\"second_evidence\":\""
                + second + "\"}";
    }

    private QuestionGenerator generator(
            ScriptedLlm llm, Function<QuestionGenerator.Builder, QuestionGenerator.Builder> options) {
        return options.apply(QuestionGenerator.builder(llm).styles(EnumSet.allOf(QuestionStyle.class)))
                .build();
    }

    private Map<String, QuestionSample> byKey() {
        return QuestionGeneratorTest.records(dir.resolve("questions.jsonl")).stream()
                .collect(Collectors.toMap(QuestionSample::key, q -> q));
    }

    @Test
    void everyStyle_asksEachChunkOnce_andRecordsStylePersonaQuotesAndOverlap() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(QuestionStylesTest::reply);

        QuestionGenerationResult run = generator(llm, b -> b)
                .generate(corpus, dir.resolve("questions.jsonl"), Integer.MAX_VALUE, QuestionProgress.NONE);

        assertThat(run.succeeded()).isEqualTo(10);
        assertThat(run.llmCalls()).isEqualTo(11); // ten questions and one for the personas
        Map<String, QuestionSample> q = byKey();
        assertThat(q.keySet())
                .containsExactlyInAnyOrder(
                        "c1",
                        "c1#search",
                        "c1#paraphrase",
                        "c1#persona",
                        "c1#multi-hop",
                        "c2",
                        "c2#search",
                        "c2#paraphrase",
                        "c2#persona",
                        "c2#multi-hop");
        assertThat(q.values()).allSatisfy(s -> {
            assertThat(s.status()).isEqualTo(QuestionStatus.SUCCESS);
            assertThat(s.key()).isEqualTo(QuestionSample.key(s.sourceChunkId(), s.style()));
            List<String> source = s.style() == QuestionStyle.MULTI_HOP
                    ? List.of(
                            chunkOf(s.sourceChunkId()).text(),
                            chunkOf(s.secondChunkId()).text())
                    : List.of(chunkOf(s.sourceChunkId()).text());
            assertThat(s.overlap()).hasValue(LexicalOverlap.of(s.question(), source));
        });
        assertThat(q.values()).extracting(QuestionSample::id).doesNotHaveDuplicates();
        assertThat(q.get("c1#search").question()).isEqualTo("falcon 9 drone ship landing");
        assertThat(q.get("c1#persona").persona()).isIn("newcomer", "expert");
        assertThat(q.get("c1").persona()).isEmpty();
        QuestionSample hop = q.get("c1#multi-hop");
        assertThat(hop.secondChunkId()).isEqualTo("c2");
        assertThat(hop.evidenceQuotes()).containsExactly(LANDING, ENGINES);
        assertThat(q.get("c2#multi-hop").secondChunkId()).isEqualTo("c1");
        // the natural question reuses the chunk's words, the paraphrase does not
        assertThat(q.get("c1").overlap().getAsDouble()).isGreaterThan(0.5);
        assertThat(q.get("c1#paraphrase").overlap().getAsDouble()).isLessThan(0.5);
    }

    private Chunk chunkOf(String id) {
        return corpus.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void aParaphraseAboveTheThreshold_isAskedAgainOnce_andTheSecondIsKeptWithItsOverlapRecorded() {
        // the model keeps reusing the passage's words: asked once more, then kept (never dropped)
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> QuestionReplies.success(
                        QuestionReplies.retries(r) == 0
                                ? "Where does the Falcon 9 first stage land after most launches?"
                                : "Where does the Falcon 9 first stage land?",
                        "On a drone ship",
                        LANDING));

        QuestionGenerationResult run = generator(llm, b -> b.styles(EnumSet.of(QuestionStyle.PARAPHRASE)))
                .generate(
                        corpus.subList(0, 1), dir.resolve("questions.jsonl"), Integer.MAX_VALUE, QuestionProgress.NONE);

        assertThat(run.llmCalls()).isEqualTo(2);
        assertThat(llm.requests().get(1).messages().getLast().content())
                .isEqualTo("The question reuses 100% of its content words from the passage; at most 50% is wanted."
                        + " Reply again with the same JSON and the same evidence, and word the question differently"
                        + " from the passage.");
        QuestionSample kept = byKey().get("c1#paraphrase");
        assertThat(kept.question()).isEqualTo("Where does the Falcon 9 first stage land?");
        assertThat(kept.overlap()).hasValue(1.0);
        assertThat(kept.isSuccess()).isTrue();
    }

    @Test
    void aParaphraseBelowTheThreshold_isAskedOnce() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(QuestionStylesTest::reply);

        QuestionGenerationResult run = generator(
                        llm, b -> b.styles(EnumSet.of(QuestionStyle.PARAPHRASE)).overlapThreshold(0.2))
                .generate(
                        corpus.subList(0, 1), dir.resolve("questions.jsonl"), Integer.MAX_VALUE, QuestionProgress.NONE);

        // "Where does the reusable booster come down at sea?": none of its stems is in the chunk
        assertThat(run.llmCalls()).isEqualTo(1);
        assertThat(byKey().get("c1#paraphrase").overlap()).hasValue(0.0);
    }

    @Test
    void personas_areDerivedOnceByOneCall_storedReadable_andReusedByTheNextRun() throws Exception {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(QuestionStylesTest::reply);
        Path questions = dir.resolve("questions.jsonl");
        QuestionGenerator personas = generator(llm, b -> b.styles(EnumSet.of(QuestionStyle.PERSONA)));

        personas.generate(corpus.subList(0, 1), questions, Integer.MAX_VALUE, QuestionProgress.NONE);
        personas.generate(corpus, questions, Integer.MAX_VALUE, QuestionProgress.NONE);

        assertThat(llm.calls("corpus_personas")).isEqualTo(1);
        assertThat(llm.calls("question_from_chunk")).isEqualTo(2);
        Path file = dir.resolve(PersonaSet.FILE_NAME);
        assertThat(Files.readString(file)).contains("\"name\" : \"newcomer\"", "a propulsion engineer");
        PersonaSet set = PersonaSet.read(file);
        assertThat(set.field()).isEqualTo("rocketry");
        assertThat(set.model()).isEqualTo("fake/scripted");
        assertThat(set.personas()).extracting(Persona::name).containsExactly("newcomer", "expert");
        // the persona's description reaches the prompt
        String system = llm.requests().get(1).messages().getFirst().content();
        assertThat(system).containsAnyOf("(a student who follows launches on the news)", "(a propulsion engineer)");
    }

    @Test
    void aMultiHopQuestion_quotesTwoChunksOfOneDocument_eachQuoteCheckedInItsOwnChunk() {
        // the first reply quotes passage A where B's quote belongs: asked again, naming the second quote
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted")
                .otherwise(r -> ScriptedLlm.prompt(r).startsWith("Passage A, from: doc > landing")
                        ? hop(LANDING, QuestionReplies.retries(r) == 0 ? LANDING : ENGINES)
                        : hop(ENGINES, LANDING));
        List<Chunk> chunks = List.of(
                corpus.get(0),
                corpus.get(1),
                chunk(
                        "c3",
                        "other",
                        "alone",
                        0,
                        "A single section of another document that has nothing to pair with at all."));

        QuestionGenerationResult run = generator(llm, b -> b.styles(EnumSet.of(QuestionStyle.MULTI_HOP)))
                .generate(chunks, dir.resolve("questions.jsonl"), Integer.MAX_VALUE, QuestionProgress.NONE);

        // c1 asked twice, c2 once, c3 not at all; the chunks' requests may come in any order
        assertThat(run.llmCalls()).isEqualTo(3);
        assertThat(run.succeeded()).isEqualTo(2);
        assertThat(llm.requests())
                .filteredOn(r -> QuestionReplies.retries(r) == 1)
                .singleElement()
                .satisfies(r -> {
                    assertThat(ScriptedLlm.prompt(r)).startsWith("Passage A, from: doc > landing");
                    assertThat(r.messages().getLast().content())
                            .startsWith("The second evidence \"" + LANDING
                                    + "\" does not occur in passage B exactly as written.");
                });
        QuestionSample hop = byKey().get("c1#multi-hop");
        assertThat(hop.isSuccess()).isTrue();
        assertThat(hop.documentId()).isEqualTo("doc");
        assertThat(hop.secondChunkId()).isEqualTo("c2");
        assertThat(hop.evidenceQuotes()).containsExactly(LANDING, ENGINES);
        assertThat(ScriptedLlm.prompt(llm.requests().getFirst())).contains("Passage A", LANDING, "Passage B", ENGINES);
        // a document of one section has nothing to pair with: skipped without a call
        assertThat(byKey().get("c3#multi-hop").reason())
                .isEqualTo("its document has no other section with a chunk to pair it with");
        assertThat(run.skipped()).isEqualTo(1);
    }

    @Test
    void anOldNaturalQuestion_isKept_andOnlyTheNewStylesAreAsked() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(QuestionStylesTest::reply);
        Path questions = dir.resolve("questions.jsonl");
        QuestionGenerator.builder(llm).build().generate(corpus, questions, Integer.MAX_VALUE, QuestionProgress.NONE);

        QuestionGenerationResult styled = generator(
                        llm, b -> b.styles(EnumSet.of(QuestionStyle.NATURAL, QuestionStyle.SEARCH)))
                .generate(corpus, questions, Integer.MAX_VALUE, QuestionProgress.NONE);

        assertThat(styled.alreadyDone()).isEqualTo(2);
        assertThat(styled.succeeded()).isEqualTo(2);
        assertThat(byKey()).containsOnlyKeys("c1", "c2", "c1#search", "c2#search");
    }

    @Test
    void theDryRun_countsOneCallPerQuestionLeft_andOneForThePersonas_andNothingAfterTheRun() {
        ScriptedLlm llm = ScriptedLlm.of("fake/scripted").otherwise(QuestionStylesTest::reply);
        Path questions = dir.resolve("questions.jsonl");
        QuestionGenerator all = generator(llm, b -> b);
        TokenPrice price = TokenPrice.of(1.0, 2.0);

        CostEstimate before = all.estimate(corpus, questions, Integer.MAX_VALUE, price);
        all.generate(corpus, questions, Integer.MAX_VALUE, QuestionProgress.NONE);
        CostEstimate after = all.estimate(corpus, questions, Integer.MAX_VALUE, price);

        assertThat(llm.calls()).isEqualTo(11);
        assertThat(before.calls()).isEqualTo(11);
        assertThat(before.promptTokens()).isPositive();
        assertThat(before.completionTokens()).isEqualTo(11 * 150);
        assertThat(before.costUsd())
                .isCloseTo((before.promptTokens() * 1.0 + before.completionTokens() * 2.0) / 1e6, within(1e-9));
        assertThat(after).isEqualTo(CostEstimate.NONE);
    }
}
