package io.github.raglens.retrieval;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.FloatVectorValues;
import org.apache.lucene.index.KnnVectorValues;
import org.apache.lucene.index.LeafReader;
import org.apache.lucene.index.LeafReaderContext;
import org.apache.lucene.index.StoredFields;
import org.apache.lucene.search.DocIdSetIterator;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.util.Bits;

/**
 * A point-in-time view of the index: the reader, its searcher, the chunks by Lucene document number
 * (all held in memory, so a hit becomes a chunk without reading the disk), searchers for retrievers
 * with their own BM25 parameters (created once per snapshot) and its last searches ({@link SearchMemo}). Reference-counted through
 * its reader: searches {@link #tryAcquire()} and {@link #release()} it so a newer snapshot can close
 * it once they end.
 */
final class IndexSnapshot {

    /** Searchers kept per snapshot for retrievers with their own BM25 parameters. */
    private static final int MAX_CACHED_SEARCHERS = 16;

    /**
     * Receives one live vector with its top-level document number; the array is Lucene's buffer,
     * valid only during the call.
     */
    interface VectorVisitor {
        void visit(int doc, float[] vector);
    }

    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final Chunk[] byDoc;
    private final List<Chunk> chunks;
    private final Map<BM25Similarity, IndexSearcher> bySimilarity = new ConcurrentHashMap<>();
    private final SearchMemo memo = new SearchMemo();
    private final Lru<SharedBase.Question, RetrievalResult> results = new Lru<>(SearchMemo.CAPACITY);

    private IndexSnapshot(DirectoryReader reader, IndexSearcher searcher, Chunk[] byDoc, List<Chunk> chunks) {
        this.reader = reader;
        this.searcher = searcher;
        this.byDoc = byDoc;
        this.chunks = chunks;
    }

    /** Reads every live chunk of the reader into memory; the snapshot owns the reader's reference. */
    static IndexSnapshot load(DirectoryReader reader, BM25Similarity similarity) throws IOException {
        IndexSearcher searcher = new IndexSearcher(reader);
        searcher.setSimilarity(similarity);
        Chunk[] byDoc = new Chunk[reader.maxDoc()];
        List<Chunk> all = new ArrayList<>(reader.numDocs());
        // One string per distinct section path: filters remember verdicts by path, and a lookup
        // whose key is the same instance skips comparing long titles character by character.
        Map<String, String> paths = new HashMap<>();
        for (LeafReaderContext ctx : reader.leaves()) {
            LeafReader leaf = ctx.reader();
            Bits live = leaf.getLiveDocs();
            StoredFields stored = leaf.storedFields();
            for (int doc = 0; doc < leaf.maxDoc(); doc++) {
                if (live == null || live.get(doc)) {
                    Chunk c = ChunkFields.chunk(stored.document(doc), p -> paths.computeIfAbsent(p, x -> x));
                    byDoc[ctx.docBase + doc] = c;
                    all.add(c);
                }
            }
        }
        return new IndexSnapshot(reader, searcher, byDoc, Collections.unmodifiableList(all));
    }

    /** Takes a reference unless the snapshot was closed meanwhile (then the caller reads the newer one). */
    boolean tryAcquire() {
        return reader.tryIncRef();
    }

    /** Gives back a reference; the last one closes the reader. */
    void release() {
        try {
            reader.decRef();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    DirectoryReader reader() {
        return reader;
    }

    /** The live chunks in index order, immutable. */
    List<Chunk> chunks() {
        return chunks;
    }

    /** The chunk of a top-level Lucene document number. */
    Chunk chunk(int doc) {
        return byDoc[doc];
    }

    /** The last searches made on this snapshot, for retrievers asking the same search again. */
    SearchMemo memo() {
        return memo;
    }

    /**
     * The last results of expanding retrievers' bases on this snapshot ({@link SharedBase}), as many as
     * the memo keeps searches.
     */
    Lru<SharedBase.Question, RetrievalResult> results() {
        return results;
    }

    /** The searcher scoring with the index's BM25 parameters. */
    IndexSearcher searcher() {
        return searcher;
    }

    /** A searcher over this snapshot scoring with the given similarity (cached for a few of them). */
    IndexSearcher searcher(BM25Similarity similarity) {
        IndexSearcher cached = bySimilarity.get(similarity);
        if (cached != null) {
            return cached;
        }
        IndexSearcher s = new IndexSearcher(reader);
        s.setSimilarity(similarity);
        if (bySimilarity.size() < MAX_CACHED_SEARCHERS) {
            bySimilarity.putIfAbsent(similarity, s);
        }
        return s;
    }

    /** Visits every live chunk that has a vector, in index order. */
    void forEachVector(VectorVisitor visitor) throws IOException {
        for (LeafReaderContext ctx : reader.leaves()) {
            FloatVectorValues values = ctx.reader().getFloatVectorValues(ChunkFields.VECTOR);
            if (values == null) {
                continue;
            }
            Bits live = ctx.reader().getLiveDocs();
            KnnVectorValues.DocIndexIterator it = values.iterator();
            for (int doc = it.nextDoc(); doc != DocIdSetIterator.NO_MORE_DOCS; doc = it.nextDoc()) {
                if (live == null || live.get(doc)) {
                    visitor.visit(ctx.docBase + doc, values.vectorValue(it.index()));
                }
            }
        }
    }
}
