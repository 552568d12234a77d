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
import org.apache.lucene.index.TermStates;
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

    /**
     * The Lucene query of a text, each term looked up in the searcher's reader already (so that
     * searches of the query at several depths look it up once), or null when no term is left after
     * analysis or the reader holds no document.
     *
     * @throws IOException if the term dictionary cannot be read
     */
    Query query(IndexSearcher searcher, String text) throws IOException {
        Map<String, Integer> terms = terms(text);
        if (terms.isEmpty() || searcher.getIndexReader().numDocs() == 0) {
            return null;
        }
        BooleanQuery.Builder q = new BooleanQuery.Builder();
        int clauses = 0;
        for (Map.Entry<String, Integer> t : terms.entrySet()) {
            if (clauses++ == IndexSearcher.getMaxClauseCount()) {
                break;
            }
            Term term = new Term(ChunkFields.TEXT, t.getKey());
            // The states hold the term's statistics too: any similarity can score with them.
            Query tq = new TermQuery(term, TermStates.build(searcher, term, true));
            q.add(t.getValue() == 1 ? tq : new BoostQuery(tq, t.getValue()), BooleanClause.Occur.SHOULD);
        }
        return q.build();
    }

    /**
     * The BM25 search of a text over a snapshot, scored with the given similarity or, when null, the
     * index's: its query is prepared once (terms analysed and looked up) for every depth it is run at.
     */
    SearchMemo.Search search(IndexSnapshot s, String text, BM25Similarity override) {
        return new SearchMemo.Search() {
            @Override
            public Query prepare() throws IOException {
                return query(s.searcher(), text);
            }

            @Override
            public List<Hit> run(Query prepared, int depth) throws IOException {
                IndexSearcher searcher = override == null ? s.searcher() : s.searcher(override);
                int top = Math.min(depth, s.reader().numDocs());
                // Counting every match is not needed (only the top hits are used): a threshold of `top`
                // lets Lucene skip documents that cannot enter the top (block-max MaxScore), the same
                // hits in the same order.
                TopDocs found = searcher.search(prepared, new TopScoreDocCollectorManager(top, top));
                List<Hit> out = new ArrayList<>(found.scoreDocs.length);
                for (ScoreDoc sd : found.scoreDocs) {
                    out.add(Hit.of(s.chunk(sd.doc), sd.score));
                }
                return out;
            }
        };
    }
}
