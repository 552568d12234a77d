package io.github.raglens.testkit;

import io.github.raglens.spi.Retriever;
import java.util.List;

/** The README's "Testing your own implementation" example, compiled and run. */
// README:begin
class WordOverlapRetrieverTest implements RetrieverContract {

    private final Retriever retriever = new WordOverlapRetriever(List.of(
            ChunkFixtures.section("notes", "bm25", "notes > BM25", 0, "BM25 ranks documents by term frequency."),
            ChunkFixtures.section("notes", "hnsw", "notes > HNSW", 1, "An HNSW graph finds nearest neighbours.")));

    @Override
    public Retriever retriever() {
        return retriever;
    }

    @Override
    public List<String> queries() {
        return List.of("how does BM25 rank documents", "nearest neighbours in a graph");
    }
}
// README:end
