package io.github.raglens.eval.questions;

import io.github.raglens.model.Chunk;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The second chunk of a multi-hop question: of the chunks of the same document that lie in another
 * section (so neither holds the other's text, as a section and its fragments do) and have enough
 * text to ask about, the nearest in the corpus order, the following one on a tie. Nearby sections
 * tend to speak of related things, which gives the model something to connect.
 */
final class SecondChunks {

    private final Map<String, List<Chunk>> byDocument;

    private SecondChunks(Map<String, List<Chunk>> byDocument) {
        this.byDocument = byDocument;
    }

    /** The candidates of a corpus: its chunks with at least {@code minChars} characters of text. */
    static SecondChunks of(List<Chunk> corpus, int minChars) {
        Map<String, List<Chunk>> byDocument = new HashMap<>();
        for (Chunk c : corpus) {
            if (c.text().strip().length() >= minChars) {
                byDocument
                        .computeIfAbsent(c.documentId(), d -> new ArrayList<>())
                        .add(c);
            }
        }
        byDocument.values().forEach(list -> list.sort(Comparator.comparingInt(Chunk::order)));
        return new SecondChunks(byDocument);
    }

    /** The chunk to pair with {@code chunk}; empty when its document has no other section to offer. */
    Optional<Chunk> of(Chunk chunk) {
        Chunk best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (Chunk c : byDocument.getOrDefault(chunk.documentId(), List.of())) {
            if (c.sectionId().equals(chunk.sectionId())) {
                continue;
            }
            int distance = Math.abs(c.order() - chunk.order());
            if (distance < bestDistance || (distance == bestDistance && c.order() > chunk.order())) {
                best = c;
                bestDistance = distance;
            }
        }
        return Optional.ofNullable(best);
    }
}
