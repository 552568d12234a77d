package io.github.raglens.retrieval;

import io.github.raglens.error.IndexException;
import io.github.raglens.model.Chunk;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;
import org.apache.lucene.index.IndexWriter;

/**
 * Writes chunks into an index in batches on several threads, the calling thread finding the next
 * batch's vectors (e.g. embedding it) while earlier batches are written. Does not commit.
 */
final class BatchWriter {

    private final IndexWriter writer;
    private final int threads;
    private final int batchSize;
    private final Path path;
    private final String where;

    /**
     * @param path the index folder named in exceptions, null in memory
     * @param where the index as exceptions describe it
     */
    BatchWriter(IndexWriter writer, int threads, int batchSize, Path path, String where) {
        this.writer = writer;
        this.threads = threads;
        this.batchSize = batchSize;
        this.path = path;
        this.where = where;
    }

    /**
     * Writes every chunk, replacing a chunk of the same id.
     *
     * @param vectorsOf the vectors of a batch, in its order, or null to index the batch for BM25 only
     * @throws IndexException if a document cannot be written or the writing is interrupted
     */
    void write(List<Chunk> chunks, Function<List<Chunk>, List<float[]>> vectorsOf) {
        ExecutorService pool = Executors.newFixedThreadPool(threads, BatchWriter::daemon);
        try {
            List<Future<?>> pending = new ArrayList<>();
            for (int from = 0; from < chunks.size(); from += batchSize) {
                List<Chunk> batch = chunks.subList(from, Math.min(chunks.size(), from + batchSize));
                List<float[]> vectors = vectorsOf.apply(batch);
                pending.add(pool.submit(() -> writeBatch(batch, vectors)));
            }
            await(pending);
        } finally {
            pool.shutdown();
        }
    }

    private Void writeBatch(List<Chunk> batch, List<float[]> vectors) throws IOException {
        for (int i = 0; i < batch.size(); i++) {
            Chunk c = batch.get(i);
            writer.updateDocument(
                    ChunkFields.idTerm(c), ChunkFields.document(c, vectors == null ? null : vectors.get(i)));
        }
        return null;
    }

    private void await(List<Future<?>> pending) {
        try {
            for (Future<?> f : pending) {
                f.get();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IndexException(path, "indexing into " + where + " was interrupted", e);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            throw new IndexException(path, "cannot write " + where + ": " + cause.getMessage(), cause);
        }
    }

    /** A daemon thread named after the index, so a stuck write never keeps the JVM alive. */
    static Thread daemon(Runnable r) {
        Thread t = new Thread(r, "raglens-index");
        t.setDaemon(true);
        return t;
    }
}
