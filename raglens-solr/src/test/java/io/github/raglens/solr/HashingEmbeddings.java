package io.github.raglens.solr;

import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A deterministic test embedding: words hashed to signed components, normalised; shared words mean close texts. */
record HashingEmbeddings(String modelName, int dimension) implements EmbeddingProvider {

    HashingEmbeddings() {
        this("test-hashing", 32);
    }

    @Override
    public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (String t : texts) {
            float[] v = new float[dimension];
            for (String w : t.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
                if (!w.isEmpty()) {
                    int h = w.hashCode() * 0x9E3779B1;
                    v[Math.floorMod(h, dimension)] += (h >>> 31) == 0 ? 1f : -1f;
                }
            }
            double norm = 0;
            for (float x : v) {
                norm += x * x;
            }
            if (norm == 0) {
                v[0] = 1;
            } else {
                for (int i = 0; i < v.length; i++) {
                    v[i] /= (float) Math.sqrt(norm);
                }
            }
            out.add(v);
        }
        return out;
    }
}
