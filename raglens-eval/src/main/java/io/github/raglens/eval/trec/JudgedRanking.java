package io.github.raglens.eval.trec;

import java.util.Arrays;

/**
 * One query's ranked judgements, as {@code trec_eval}'s measures see them.
 *
 * @param qid the query id
 * @param rels the judgement of each retrieved document in rank order: the qrels value, {@link
 *     #NOT_IN_POOL} for a document absent from the qrels, {@link #UNJUDGED} for one judged negative
 * @param levels the non-negative judgements that occur in the query's qrels, ascending
 * @param levelCounts how many qrels documents (retrieved or not) have each of {@code levels}
 * @param numRel qrels documents judged at or above the relevance level
 * @param numRelRet retrieved documents judged at or above the relevance level
 * @param numNonpool retrieved documents absent from the qrels
 * @param numUnjudged retrieved documents with a negative judgement
 */
record JudgedRanking(
        String qid,
        int[] rels,
        int[] levels,
        long[] levelCounts,
        long numRel,
        long numRelRet,
        long numNonpool,
        long numUnjudged) {

    /** Judgement of a retrieved document absent from the qrels. */
    static final int NOT_IN_POOL = -1;

    /** Judgement of a retrieved document the qrels list with a negative value (in the pool, unjudged). */
    static final int UNJUDGED = -2;

    int numRet() {
        return rels.length;
    }

    /** How many qrels documents have this judgement. */
    long relLevel(int level) {
        int at = Arrays.binarySearch(levels, level);
        return at >= 0 ? levelCounts[at] : 0;
    }
}
