package io.github.raglens.eval.questions;

import io.github.raglens.eval.evidence.Evidence;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.internal.PromptVersion;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionStyle;
import io.github.raglens.model.ResponseSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The prompts, reply schemas and banned phrases of question generation, one prompt per {@link
 * QuestionStyle}: the natural question's rules, with a paragraph that reshapes the question for the
 * search, paraphrase and persona styles, and a prompt of two passages for multi-hop. Its {@link
 * #VERSION} is derived from all of them, so an edited prompt is never taken for the old one. The prompt asks for
 * evidence as long as {@link EvidenceRule#DEFAULT_MIN_WORDS}; a generator configured otherwise still
 * checks its own rule and asks again.
 */
final class QuestionPrompt {

    private static final int MAX_OUTPUT_TOKENS = 1_024;

    static final ResponseSchema SCHEMA = new ResponseSchema("question_from_chunk", """
            {"type":"object",
             "properties":{
               "status":{"type":"string","enum":["success","skip"]},
               "question":{"type":"string"},
               "answer":{"type":"string"},
               "evidence":{"type":"string"}},
             "required":["status","question","answer","evidence"],
             "additionalProperties":false}""");

    static final ResponseSchema TWO_PASSAGE_SCHEMA = new ResponseSchema("question_from_two_chunks", """
            {"type":"object",
             "properties":{
               "status":{"type":"string","enum":["success","skip"]},
               "question":{"type":"string"},
               "answer":{"type":"string"},
               "evidence":{"type":"string"},
               "second_evidence":{"type":"string"}},
             "required":["status","question","answer","evidence","second_evidence"],
             "additionalProperties":false}""");

    /** Phrases that point at the passage instead of naming the subject; lower case. */
    static final List<String> BANNED = List.of(
            "according to the",
            "in this section",
            "in the section",
            "in this passage",
            "in the passage",
            "in this text",
            "in the text",
            "in this document",
            "in the document",
            "in this excerpt",
            "in the excerpt",
            "in the given",
            "in the provided",
            "mentioned above",
            "described above",
            "the passage",
            "this passage",
            "the excerpt",
            "this chunk");

    static final String SYSTEM = """
            You write test questions for a document search system. You are shown one passage taken \
            from a longer document. Write exactly one question that a real person, who has never seen \
            this passage, would ask and that this passage answers.

            Rules:
            - The question stands on its own. Name the subject itself (the method, system, dataset, \
            organisation, quantity) instead of pointing at the passage. Never write phrases such as \
            "according to the text", "in this section", "in the passage", "in the document" or \
            "as described above".
            - Ask about a fact the passage states, not about the passage's wording or structure.
            - "answer": a short answer, fully supported by the passage.
            - "evidence": copy one whole sentence from the passage, character for character, that \
            supports the answer: at least %d words, and one that only this passage says, not a heading \
            or a phrase that many passages share. For a table, copy the whole row that holds the \
            answer. Do not paraphrase, shorten words or fix typos.
            - If the passage cannot support a useful question (a heading alone, a list of references, \
            a table fragment without context, boilerplate, or only a few words), set "status" to \
            "skip" and leave the other fields empty.
            Reply with JSON only.""".formatted(EvidenceRule.DEFAULT_MIN_WORDS);

    /** What turns the natural question into a search query. */
    static final String SEARCH = """

            This time, write the question the way people type into a search box: two to six keywords \
            or a short fragment, no question mark, no full sentence. It must still lead to this passage's \
            answer.""";

    /** What turns the natural question into one worded away from the passage. */
    static final String PARAPHRASE = """

            This time, word the question in your own vocabulary rather than the passage's: wherever a \
            word of the passage has a synonym, a plainer description or a broader term, use that. Keep \
            only the names (people, products, datasets, places) and technical terms that nothing else \
            can replace.""";

    /** What makes the question one a given person asks; formatted with the persona's name and description. */
    static final String PERSONA = """

            This time, ask as this person would: %s (%s). Use the words this person would know and ask \
            at the depth this person needs.""";

    static final String TWO_PASSAGE_SYSTEM = """
            You write test questions for a document search system. You are shown two passages, A and B, \
            taken from different parts of one longer document. Write exactly one question that a real \
            person, who has never seen these passages, would ask, and whose answer needs a fact from \
            passage A together with a fact from passage B: neither passage alone answers it.

            Rules:
            - The question stands on its own. Name the subject itself instead of pointing at the \
            passages. Never write phrases such as "according to the text", "in this section", "in the \
            passage" or "as described above".
            - "answer": a short answer, fully supported by the two passages together.
            - "evidence": copy one whole sentence from passage A, character for character, that the \
            answer needs: at least %d words, and one that only passage A says. For a table, copy the \
            whole row.
            - "second_evidence": the same for passage B.
            - If the two passages share nothing a question could connect, set "status" to "skip" and \
            leave the other fields empty.
            Reply with JSON only.""".formatted(EvidenceRule.DEFAULT_MIN_WORDS);

    /**
     * The prompt's version: {@code questions@} and a hash of the first request (system text, user
     * template, schema, temperature, output cap) and of a request holding the four retry messages
     * and the banned phrases, each for placeholder inputs.
     */
    static final String VERSION = PromptVersion.of(
            "questions",
            request(List.of(ChatMessage.system(SYSTEM), ChatMessage.user(user("{section path}", "{chunk text}"))), 0),
            request(
                    List.of(
                            ChatMessage.system(SEARCH + PARAPHRASE + PERSONA + TWO_PASSAGE_SYSTEM),
                            ChatMessage.user(twoPassages("{a path}", "{a text}", "{b path}", "{b text}")),
                            ChatMessage.user(overlapRetry(0.9, 0.5))),
                    TWO_PASSAGE_SCHEMA,
                    0),
            request(
                    List.of(
                            ChatMessage.user(evidenceRetry("{evidence}")),
                            ChatMessage.user(ambiguousRetry("{evidence}", "{problem}")),
                            ChatMessage.user(bannedRetry("{phrase}")),
                            ChatMessage.user(invalidRetry("{detail}")),
                            ChatMessage.user(String.join("\n", BANNED))),
                    0));

    private QuestionPrompt() {}

    /**
     * A request of the conversation so far, with the schema and the prompt's settings; the sampling
     * seed is the generator's option, not part of the prompt's version.
     */
    static ChatRequest request(List<ChatMessage> messages, long seed) {
        return request(messages, SCHEMA, seed);
    }

    /** A request as {@link #request(List, long)}, with the schema of a style's reply. */
    static ChatRequest request(List<ChatMessage> messages, ResponseSchema schema, long seed) {
        ChatRequest.Builder request =
                ChatRequest.builder().schema(schema).temperature(0).seed(seed).maxOutputTokens(MAX_OUTPUT_TOKENS);
        messages.forEach(request::message);
        return request.build();
    }

    /** The schema of a style's reply. */
    static ResponseSchema schema(QuestionStyle style) {
        return style.needsSecondChunk() ? TWO_PASSAGE_SCHEMA : SCHEMA;
    }

    /**
     * The first messages of a question of {@code style} about {@code chunk}: the system prompt of the
     * style and the passage (or, for multi-hop, both passages).
     *
     * @param second the second chunk of a multi-hop question; null otherwise
     * @param persona the asking persona of a persona question; null otherwise
     */
    static List<ChatMessage> opening(QuestionStyle style, Chunk chunk, Chunk second, Persona persona) {
        List<ChatMessage> messages = new ArrayList<>();
        String system = switch (style) {
            case NATURAL -> SYSTEM;
            case SEARCH -> SYSTEM + SEARCH;
            case PARAPHRASE -> SYSTEM + PARAPHRASE;
            case PERSONA -> SYSTEM + PERSONA.formatted(persona.name(), persona.description());
            case MULTI_HOP -> TWO_PASSAGE_SYSTEM;
        };
        messages.add(ChatMessage.system(system));
        messages.add(ChatMessage.user(
                style.needsSecondChunk()
                        ? twoPassages(chunk.sectionPath(), chunk.text(), second.sectionPath(), second.text())
                        : user(chunk.sectionPath(), chunk.text())));
        return messages;
    }

    private static String twoPassages(String pathA, String textA, String pathB, String textB) {
        return "Passage A, from: " + pathA + "\n<<<\n" + textA + "\n>>>\n\nPassage B, from: " + pathB + "\n<<<\n"
                + textB + "\n>>>";
    }

    static String overlapRetry(double overlap, double threshold) {
        return String.format(
                Locale.ROOT,
                "The question reuses %.0f%% of its content words from the passage; at most %.0f%% is wanted. Reply"
                        + " again with the same JSON and the same evidence, and word the question differently from"
                        + " the passage.",
                overlap * 100,
                threshold * 100);
    }

    static String secondEvidenceRetry(String evidence) {
        return "The second evidence \"" + evidence + "\" does not occur in passage B exactly as written. Reply again"
                + " with the same JSON, and copy it from passage B character for character.";
    }

    private static String user(String sectionPath, String text) {
        return "Where the passage comes from: " + sectionPath + "\n\nPassage:\n<<<\n" + text + "\n>>>";
    }

    static String evidenceRetry(String evidence) {
        return "The evidence \"" + evidence + "\" does not occur in the passage exactly as written. Reply again"
                + " with the same JSON, and copy the evidence from the passage character for character.";
    }

    static String ambiguousRetry(String evidence, String problem) {
        return "The evidence \"" + evidence + "\" does not point at this passage alone (" + problem + "). Reply again"
                + " with the same JSON, and copy as evidence a whole sentence, or a table's whole row, that only this"
                + " passage contains.";
    }

    static String bannedRetry(String phrase) {
        return "The question contains \"" + phrase + "\", which points at the passage. A reader of the search"
                + " results has not seen it. Reply again with the same JSON and a question that names its subject"
                + " instead.";
    }

    static String invalidRetry(String detail) {
        return "That reply could not be used (" + detail + "). Reply again with JSON matching the schema only.";
    }

    /** The first banned phrase in the question, if any. */
    static Optional<String> bannedPhrase(String question) {
        String q = Evidence.normalize(question).toLowerCase(Locale.ROOT);
        for (String phrase : BANNED) {
            if (q.contains(phrase)) {
                return Optional.of(phrase);
            }
        }
        return Optional.empty();
    }
}
