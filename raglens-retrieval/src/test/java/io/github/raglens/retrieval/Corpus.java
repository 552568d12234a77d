package io.github.raglens.retrieval;

import static io.github.raglens.testkit.ChunkFixtures.fragment;
import static io.github.raglens.testkit.ChunkFixtures.section;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A hand-made corpus shaped like the chunker's output: two documents, atomic sections, split
 * sections (a PARENT_SECTION chunk with the full text plus ordered fragments) and a References
 * section that every retriever must filter out.
 */
final class Corpus {

    static final List<Chunk> CHUNKS = build();

    /** Chunks of the References section, which no retriever may return. */
    static final Set<String> EXCLUDED = Set.of("paper/refs", "notes/contents");

    static final List<String> QUERIES = List.of(
            "dense passage retrieval with a dual encoder",
            "how does BM25 rank documents",
            "hard negatives for training the encoder",
            "reciprocal rank fusion of two rankings",
            "latency of the HNSW graph search");

    private Corpus() {}

    static Chunk chunk(String id) {
        return CHUNKS.stream().filter(c -> c.id().equals(id)).findFirst().orElseThrow();
    }

    private static List<Chunk> build() {
        List<Chunk> c = new ArrayList<>();
        c.add(section(
                "paper",
                "intro",
                "paper > 1 Introduction",
                0,
                "Retrieval augmented generation combines a search engine with a language model."));
        String[] method = {
            "Dense passage retrieval encodes questions and passages with a dual encoder.",
            "The encoder is trained with hard negatives mined by BM25 and in-batch negatives.",
            "BM25 ranks documents by term frequency, inverse document frequency and length.",
        };
        String table = "| model | recall |\n|---|---|\n| dual encoder | 0.78 |\n| BM25 | 0.59 |";
        c.add(section("paper", "method", "paper > 2 Method", 1, String.join("\n\n", method) + "\n\n" + table));
        for (int i = 0; i < method.length; i++) {
            c.add(fragment("paper", "method", "paper > 2 Method", ChunkType.SECTION_FRAGMENT, i, 2 + i, method[i]));
        }
        c.add(fragment("paper", "method", "paper > 2 Method", ChunkType.TABLE_FRAGMENT, 3, 5, table));
        String[] results = {
            "Reciprocal rank fusion of the two rankings beats either ranking alone.",
            "The latency of the HNSW graph search stays under one millisecond.",
        };
        c.add(section("paper", "results", "paper > 3 Results", 6, String.join("\n\n", results)));
        for (int i = 0; i < results.length; i++) {
            c.add(fragment("paper", "results", "paper > 3 Results", ChunkType.SECTION_FRAGMENT, i, 7 + i, results[i]));
        }
        c.add(section(
                "paper",
                "refs",
                "paper > References",
                9,
                "Karpukhin et al. Dense passage retrieval for open-domain question answering. Robertson. BM25"
                        + " rank documents. Cormack. Reciprocal rank fusion. HNSW graph search latency."));
        c.add(section(
                "notes",
                "contents",
                "notes > Contents",
                0,
                "Contents: dense passage retrieval, BM25, hard negatives, reciprocal rank fusion, HNSW graph."));
        c.add(section(
                "notes",
                "bm25",
                "notes > BM25 notes",
                1,
                "BM25 saturates term frequency with k1 and normalises document length with b."));
        c.add(section(
                "notes",
                "hnsw",
                "notes > Vector search",
                2,
                "An HNSW graph answers nearest neighbour search in logarithmic time, trading recall for latency."));
        return List.copyOf(c);
    }
}
