package io.github.raglens.eval.answers;

import io.github.raglens.model.QuestionSample;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Joins answers with their questions into the cells the scorer scores. */
public final class EvalCases {

    private EvalCases() {}

    /**
     * One case per generated answer whose question is in {@code questions}; failed answers are left
     * out (they are listed in {@code answers.jsonl} with their reason).
     *
     * @param answers the answers
     * @param questions the sample's questions
     * @param chunkText the text of a chunk by id, for the source chunks of each question; may return
     *     null for an unknown id
     * @return the cases, in the order of the answers
     */
    public static List<EvalCase> from(
            List<AnswerRecord> answers,
            List<QuestionSample> questions,
            java.util.function.Function<String, String> chunkText) {
        Map<String, QuestionSample> byId = new HashMap<>();
        for (QuestionSample q : questions) {
            byId.put(q.id(), q);
        }
        List<EvalCase> out = new ArrayList<>();
        for (AnswerRecord a : answers) {
            QuestionSample q = byId.get(a.questionId());
            if (q != null && a.isOk()) {
                out.add(of(a, q, chunkText));
            }
        }
        return out;
    }

    /**
     * The case of one ok answer to its question; its reference contexts are the chunks the question
     * was written from (both of a multi-hop question's), those {@code chunkText} knows.
     */
    public static EvalCase of(AnswerRecord a, QuestionSample q, java.util.function.Function<String, String> chunkText) {
        List<String> sources = new ArrayList<>();
        for (String id : q.sourceChunkIds()) {
            String text = chunkText.apply(id);
            if (text != null) {
                sources.add(text);
            }
        }
        return new EvalCase(
                a.retriever(), q.id(), q.question(), a.answer(), a.contextTexts(), q.referenceAnswer(), sources);
    }
}
