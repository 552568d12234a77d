package io.github.raglens.benchmarks;

import io.github.raglens.model.RetrieverKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.TokenStream;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.analysis.tokenattributes.CharTermAttribute;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.BoostQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.KnnFloatVectorQuery;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopScoreDocCollectorManager;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.FSDirectory;

/**
 * The baseline of a retriever's per-query overhead: the {@link IndexSearcher} queries a built-in
 * retriever makes for one query, run on a searcher of its own over the same index folder, with nothing
 * around them (no chunks, filtering, fusion, expansion or ranking). The depths follow the retrievers'
 * over-retrieval: each level asks the one below it for {@code k × factor}, so {@code bm25} and
 * {@code dense} search {@code k × factor}, the hybrids {@code k × factor²} on both, and the expanding
 * retrievers, over a hybrid, {@code k × factor³}. A deeper retry of a retriever whose filtered
 * candidates fall short of k is not in the baseline: it counts as the retriever's overhead.
 */
final class RawLuceneQueries implements AutoCloseable {

    /** The field names and HNSW exploration floor of raglens-retrieval's index. */
    private static final String TEXT = "text";

    private static final String VECTOR = "vector";
    private static final int MIN_HNSW_CANDIDATES = 100;

    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final Analyzer analyzer = new EnglishAnalyzer();

    RawLuceneQueries(Path indexDir) {
        try {
            this.reader = DirectoryReader.open(FSDirectory.open(indexDir));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        this.searcher = new IndexSearcher(reader);
        this.searcher.setSimilarity(new BM25Similarity());
    }

    /** A retriever's queries at its depth: which searches it makes, and how deep. */
    record Plan(boolean sparse, boolean dense, int depth) {

        /** The plan of a built-in retriever (the expanding ones over a hybrid, as with embeddings). */
        static Plan of(RetrieverKind retriever, int k, int factor) {
            int levels = switch (retriever) {
                case BM25, DENSE -> 1;
                case HYBRID, HYBRID_RRF -> 2;
                case HIERARCHICAL, HIER_NEIGHBOR, NEIGHBOR -> 3;
            };
            int depth = k;
            for (int i = 0; i < levels; i++) {
                depth *= factor;
            }
            return new Plan(retriever != RetrieverKind.DENSE, retriever != RetrieverKind.BM25, depth);
        }
    }

    /** Runs a plan's searches for one query; returns the hits found, so the work cannot be elided. */
    int run(Plan plan, String query, float[] vector) {
        try {
            int found = 0;
            if (plan.dense()) {
                int explore = Math.max(plan.depth(), MIN_HNSW_CANDIDATES);
                found += searcher.search(new KnnFloatVectorQuery(VECTOR, vector, explore), plan.depth())
                        .scoreDocs
                        .length;
            }
            if (plan.sparse()) {
                Query q = bm25(query);
                if (q != null) {
                    found += searcher.search(q, new TopScoreDocCollectorManager(plan.depth(), plan.depth()))
                            .scoreDocs
                            .length;
                }
            }
            return found;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The query's analysed terms as optional clauses, a repeated term boosted by its count. */
    private Query bm25(String text) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        try (TokenStream ts = analyzer.tokenStream(TEXT, text)) {
            CharTermAttribute term = ts.addAttribute(CharTermAttribute.class);
            ts.reset();
            while (ts.incrementToken()) {
                counts.merge(term.toString(), 1, Integer::sum);
            }
            ts.end();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (counts.isEmpty()) {
            return null;
        }
        BooleanQuery.Builder q = new BooleanQuery.Builder();
        counts.forEach((t, n) -> {
            Query tq = new TermQuery(new Term(TEXT, t));
            q.add(n == 1 ? tq : new BoostQuery(tq, n), BooleanClause.Occur.SHOULD);
        });
        return q.build();
    }

    @Override
    public void close() {
        try {
            reader.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
