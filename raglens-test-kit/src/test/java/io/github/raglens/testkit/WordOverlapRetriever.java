package io.github.raglens.testkit;

import io.github.raglens.model.Chunk;
import io.github.raglens.model.RetrievalResult;
import io.github.raglens.model.RetrievedChunk;
import io.github.raglens.spi.Retriever;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/** A user's own retriever, as the README's example has it: ranks chunks by the query words they share. */
final class WordOverlapRetriever implements Retriever {

    private final List<Chunk> chunks;

    WordOverlapRetriever(List<Chunk> chunks) {
        this.chunks = List.copyOf(chunks);
    }

    @Override
    public String name() {
        return "word-overlap";
    }

    @Override
    public RetrievalResult retrieve(String query, int k) {
        if (k <= 0) {
            throw new IllegalArgumentException("k must be positive, was " + k);
        }
        Set<String> words = words(query);
        record Scored(Chunk chunk, long shared) {}
        List<Scored> scored = new ArrayList<>();
        for (Chunk c : chunks) {
            long shared = words(c.text()).stream().filter(words::contains).count();
            if (shared > 0) {
                scored.add(new Scored(c, shared));
            }
        }
        scored.sort(Comparator.comparingLong(Scored::shared)
                .reversed()
                .thenComparing(s -> s.chunk().id()));
        List<RetrievedChunk> hits = new ArrayList<>();
        for (int i = 0; i < Math.min(k, scored.size()); i++) {
            hits.add(RetrievedChunk.of(
                    i + 1, scored.get(i).shared(), scored.get(i).chunk()));
        }
        return new RetrievalResult(name(), query, hits, 0);
    }

    private static Set<String> words(String text) {
        return Arrays.stream(text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+"))
                .filter(w -> w.length() > 2)
                .collect(Collectors.toSet());
    }
}
