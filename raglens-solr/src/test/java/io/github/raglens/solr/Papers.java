package io.github.raglens.solr;

import static io.github.raglens.testkit.ChunkFixtures.fragment;
import static io.github.raglens.testkit.ChunkFixtures.section;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A small corpus shaped like the chunker's output: a paper with atomic and split sections (a
 * PARENT_SECTION chunk with the full text plus ordered fragments) and a References section, and a
 * notes file with a Contents section; neither of the two may ever be returned.
 */
final class Papers {

    static final List<Chunk> CHUNKS = build();

    static final Set<String> EXCLUDED = Set.of("paper/refs", "notes/contents");

    static final List<String> QUERIES = List.of(
            "sparse lexical ranking with BM25",
            "shards of a distributed search engine",
            "vector search with an HNSW graph",
            "replicas keep answering when a node fails",
            "fusion of two rankings");

    private Papers() {}

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
                "A distributed search engine splits its index into shards spread over many nodes."));
        String[] design = {
            "Each shard answers sparse lexical ranking with BM25 over its own documents.",
            "Collection-wide term statistics keep BM25 scores equal to those of a single index.",
            "Vector search walks an HNSW graph on every shard and merges the nearest neighbours.",
        };
        c.add(section("paper", "design", "paper > 2 Design", 1, String.join("\n\n", design)));
        for (int i = 0; i < design.length; i++) {
            c.add(fragment("paper", "design", "paper > 2 Design", ChunkType.SECTION_FRAGMENT, i, 2 + i, design[i]));
        }
        String[] ops = {
            "Replicas keep answering queries when a node fails, and a leader is elected again.",
            "Fusion of two rankings, lexical and dense, beats either of them alone.",
        };
        c.add(section("paper", "ops", "paper > 3 Operations", 5, String.join("\n\n", ops)));
        for (int i = 0; i < ops.length; i++) {
            c.add(fragment("paper", "ops", "paper > 3 Operations", ChunkType.SECTION_FRAGMENT, i, 6 + i, ops[i]));
        }
        c.add(section(
                "paper",
                "refs",
                "paper > References",
                8,
                "Robertson. BM25 sparse lexical ranking. Malkov. HNSW graph vector search. Shards, replicas,"
                        + " node fails, fusion of two rankings."));
        c.add(section(
                "notes",
                "contents",
                "notes > Contents",
                0,
                "Contents: BM25, shards, HNSW graph, replicas, node fails, fusion of rankings."));
        c.add(section(
                "notes",
                "bm25",
                "notes > BM25 notes",
                1,
                "BM25 saturates term frequency with k1 and normalises length with b; lexical ranking."));
        c.add(section(
                "notes",
                "hnsw",
                "notes > Vector search",
                2,
                "An HNSW graph finds nearest neighbours of a query vector in logarithmic time."));
        return List.copyOf(c);
    }
}
