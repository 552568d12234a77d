package io.github.raglens.providers;

import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.List;

/** What an embeddings client must give for two texts, whatever the server said: two vectors or an error. */
final class EmbeddingReplies {

    private static final List<String> TEXTS = List.of("first text", "second text");

    private EmbeddingReplies() {}

    /** Embeds two texts and checks that two vectors came back. */
    static List<float[]> embedTwo(EmbeddingProvider embeddings) {
        List<float[]> vectors = embeddings.embed(TEXTS, EmbeddingPurpose.PASSAGE);
        if (vectors.size() != TEXTS.size() || vectors.contains(null)) {
            throw new AssertionError(
                    "finding: " + vectors.size() + " vectors (or a null one) for " + TEXTS.size() + " texts");
        }
        return vectors;
    }
}
