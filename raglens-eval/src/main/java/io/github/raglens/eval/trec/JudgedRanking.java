package io.github.raglens.eval.trec;

/**
 * One query's ranked judgements, as {@code trec_eval}'s measures see them.
 *
 * @param qid the query id
 * @param rels the judgement of each retrieved document in rank order: the qrels value, {@link
 *     #NOT_IN_POOL} for a document absent from the qrels, {@link #UNJUDGED} for one judged negative
 * @param relLevels how many qrels documents (retrieved or not) have each judgement 0, 1, 2, …
 * @param numRelLevels one more than the highest judgement that occurs
 * @param numRel qrels documents judged at or above the relevance level
 * @param numRelRet retrieved documents judged at or above the relevance level
 * @param numNonpool retrieved documents absent from the qrels
 * @param numUnjudged retrieved documents with a negative judgement
 */
record JudgedRanking(
        String qid,
        int[] rels,
        long[] relLevels,
        int numRelLevels,
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

    long relLevel(int level) {
        return level >= 0 && level < relLevels.length ? relLevels[level] : 0;
    }
}
