package io.github.raglens.result;

import java.util.List;

/**
 * One retriever's result for one question.
 *
 * @param queryId the question's id in run files (its question id, made unique)
 * @param questionId the question's id
 * @param retriever the retriever
 * @param question the question text
 * @param documentId the source document
 * @param chunkType the source chunk's type, or {@code UNKNOWN} when the chunk no longer exists
 * @param target the id that stands for the question's one relevant target in run files and qrels: the
 *     source chunk id ({@code chunk}), {@code section:<id>} or {@code evidence:<queryId>}
 * @param firstRelevantRank rank (1-based, in {@code trec_eval} order) of the first relevant hit; 0 if none
 * @param ranking the judged ids of the hits in {@code trec_eval} order: the target id for the relevant
 *     hit, the hit's chunk id otherwise
 * @param scores the retriever's scores, parallel to {@code ranking}
 * @param latencyMillis wall time of the retrieval
 * @param lexicalOverlap share of the question's terms present in its source text
 */
public record QuestionResult(
        String queryId,
        String questionId,
        String retriever,
        String question,
        String documentId,
        String chunkType,
        String target,
        int firstRelevantRank,
        List<String> ranking,
        List<Double> scores,
        double latencyMillis,
        double lexicalOverlap) {

    /** Copies the lists. */
    public QuestionResult {
        ranking = List.copyOf(ranking);
        scores = List.copyOf(scores);
    }
}
