package io.github.raglens.eval.questions;

import io.github.raglens.eval.evidence.Evidence;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.internal.PromptVersion;
import io.github.raglens.model.ChatMessage;
import io.github.raglens.model.ChatRequest;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ResponseSchema;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The prompt, reply schema and banned phrases of question generation. Its {@link #VERSION} is
 * derived from all of them, so an edited prompt is never taken for the old one. The prompt asks for
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
        ChatRequest.Builder request =
                ChatRequest.builder().schema(SCHEMA).temperature(0).seed(seed).maxOutputTokens(MAX_OUTPUT_TOKENS);
        messages.forEach(request::message);
        return request.build();
    }

    static String user(Chunk chunk) {
        return user(chunk.sectionPath(), chunk.text());
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
