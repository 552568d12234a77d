package io.github.raglens.eval.benchmark;

import io.github.raglens.model.RetrievedChunk;
import java.util.ArrayList;
import java.util.List;

/**
 * Judges ranked lists by evidence with every retriever given the same amount of text: the contexts
 * are read in their {@code trec_eval} order as one text, cut into ranks of {@code chars} characters,
 * and the evidence ranks where its last character falls. At a cutoff K every retriever has been read
 * K × {@code chars} characters, however it divides them into contexts: a retriever returning long
 * contexts no longer holds more text at each K, and a quote late in a long first context counts at
 * the rank whose text reaches it rather than at rank 1. Ranks beyond the deepest cutoff are not read.
 * Texts are the normalised texts evidence is matched in. Thread-safe.
 */
final class LengthFairJudge {

    private final MetricTable metrics;
    private final EvidenceTexts texts;
    private final int chars;
    private final int maxK;

    LengthFairJudge(MetricTable metrics, EvidenceTexts texts, int chars, int maxK) {
        this.metrics = metrics;
        this.texts = texts;
        this.chars = chars;
        this.maxK = maxK;
    }

    /** Characters per rank. */
    int chars() {
        return chars;
    }

    /**
     * The rank (1-based) of the question's evidence in the hits read as text (where the first quote
     * found ends, for a question of two), 0 when it is in no context or beyond the deepest cutoff.
     *
     * @param ordered the hits in {@code trec_eval} order
     */
    int rank(BenchmarkQuestion p, List<RetrievedChunk> ordered) {
        List<String> quotes = p.quotes();
        if (quotes.isEmpty()) {
            return 0;
        }
        long read = 0;
        for (RetrievedChunk hit : ordered) {
            String context = texts.context(hit);
            long firstEnd = -1;
            for (String quote : quotes) {
                int at = context.indexOf(quote);
                if (at >= 0 && (firstEnd < 0 || at + quote.length() < firstEnd)) {
                    firstEnd = at + quote.length();
                }
            }
            if (firstEnd >= 0) {
                long end = read + firstEnd;
                long rank = (end + chars - 1) / chars;
                return rank <= maxK ? (int) rank : 0;
            }
            read += context.length();
            if (read >= (long) maxK * chars) {
                return 0;
            }
        }
        return 0;
    }

    /** Every metric of the length-fair ranking of one question, written to {@code v[metric][qi]}. */
    void values(BenchmarkQuestion p, List<RetrievedChunk> ordered, double[][] v, int qi) {
        int rank = rank(p, ordered);
        List<String> ranking = new ArrayList<>(rank);
        for (int r = 1; r < rank; r++) {
            ranking.add("rank:" + r);
        }
        if (rank > 0) {
            ranking.add(p.target());
        }
        metrics.values(
                ranking,
                p.target(),
                List.of(),
                p.sample().sectionId(),
                p.sample().sourceChunkId(),
                v,
                qi);
    }
}
