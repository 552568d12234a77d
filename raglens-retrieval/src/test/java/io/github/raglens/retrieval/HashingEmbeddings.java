package io.github.raglens.retrieval;

import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic test embedding: each lower-cased word is hashed to a signed component, and the
 * vector is normalised, so texts sharing words are close. Counts its calls.
 */
final class HashingEmbeddings implements EmbeddingProvider {

    private final String model;
    private final int dimension;
    final AtomicInteger calls = new AtomicInteger();

    HashingEmbeddings(String model, int dimension) {
        this.model = model;
        this.dimension = dimension;
    }

    HashingEmbeddings() {
        this("test-hashing", 64);
    }

    @Override
    public String modelName() {
        return model;
    }

    @Override
    public int dimension() {
        return dimension;
    }

    @Override
    public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        calls.incrementAndGet();
        List<float[]> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            out.add(vector(t));
        }
        return out;
    }

    private float[] vector(String text) {
        float[] v = new float[dimension];
        for (String w : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (w.isEmpty()) {
                continue;
            }
            int h = w.hashCode() * 0x9E3779B1;
            v[Math.floorMod(h, dimension)] += (h >>> 31) == 0 ? 1f : -1f;
        }
        double norm = 0;
        for (float x : v) {
            norm += x * x;
        }
        if (norm == 0) {
            v[0] = 1;
            return v;
        }
        for (int i = 0; i < v.length; i++) {
            v[i] /= (float) Math.sqrt(norm);
        }
        return v;
    }
}
