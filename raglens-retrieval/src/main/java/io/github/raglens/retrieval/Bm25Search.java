package io.github.raglens.retrieval;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.similarities.BM25Similarity;

/**
 * BM25 search over a snapshot: the query's analysed terms as optional clauses, a term repeated in the
 * query weighted by its count. Thread-safe (Lucene analyzers are).
 */
final class Bm25Search {

    private final Analyzer analyzer;

    Bm25Search(Analyzer analyzer) {
        this.analyzer = analyzer;
    }

    /** The analysed terms of a text with their counts, in first-seen order. */
    Map<String, Integer> terms(String text) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        try (TokenStream ts = analyzer.tokenStream(ChunkFields.TEXT, text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                counts.merge(term.toString(), 1, Integer::sum);
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return counts;
    }

    /**
     * Whether the text has at least one term after analysis: stops at the first one, where {@link
     * #terms} reads and counts them all.
     */
    boolean hasTerms(String text) {
        try (TokenStream ts = analyzer.tokenStream(ChunkFields.TEXT, text)) {
            ts.reset();
            boolean any = ts.incrementToken();
            ts.end();
            return any;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The Lucene query of a text, or null when no term is left after analysis. */
    Query query(String text) {
        Map<String, Integer> terms = terms(text);
        if (terms.isEmpty()) {
            return null;
        }
        BooleanQuery.Builder q = new BooleanQuery.Builder();
        int clauses = 0;
        for (Map.Entry<String, Integer> t : terms.entrySet()) {
            if (clauses++ == IndexSearcher.getMaxClauseCount()) {
                break;
            }
            Query tq = new TermQuery(new Term(ChunkFields.TEXT, t.getKey()));
            q.add(t.getValue() == 1 ? tq : new BoostQuery(tq, t.getValue()), BooleanClause.Occur.SHOULD);
        }
        return q.build();
    }

    /**
     * The top {@code n} hits of a text, scored with the given similarity or, when null, the index's.
     *
     * @throws IOException if the index cannot be read
     */
    List<Hit> search(IndexSnapshot s, String text, int n, BM25Similarity override) throws IOException {
        Query q = query(text);
        int docs = s.reader().numDocs();
        if (q == null || docs == 0) {
            return List.of();
        }
        IndexSearcher searcher = override == null ? s.searcher() : s.searcher(override);
        int top = Math.min(n, docs);
        // Counting every match is not needed (only the top hits are used): a threshold of `top` lets
        // Lucene skip documents that cannot enter the top (block-max MaxScore), the same hits in the
        // same order.
        TopDocs found = searcher.search(q, new TopScoreDocCollectorManager(top, top));
        List<Hit> out = new ArrayList<>(found.scoreDocs.length);
        for (ScoreDoc sd : found.scoreDocs) {
            out.add(Hit.of(s.chunk(sd.doc), sd.score));
        }
        return out;
    }
}
