package io.github.raglens.testkit;

import io.github.raglens.model.EmbeddingPurpose;
import io.github.raglens.spi.EmbeddingProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A deterministic embedding model for tests: every lower-cased word (a run of letters and digits) is
 * hashed to one signed component, and the vector is normalised to unit length, so texts that share
 * words are close and texts that share none are orthogonal or nearly so. A text with no word gets the
 * first unit vector. Query and passage vectors are the same.
 *
 * <p>Needs no model file and no network. Thread-safe. Counts its {@link #embed} calls and the texts
 * they embed.
 */
public final class HashingEmbeddings implements EmbeddingProvider {

    private final String modelName;
    private final int dimension;
    private final AtomicInteger calls = new AtomicInteger();
    private final AtomicInteger texts = new AtomicInteger();

    private HashingEmbeddings(String modelName, int dimension) {
        this.modelName = modelName;
        this.dimension = dimension;
    }

    /** The model {@code "test-hashing"} with 64 dimensions. */
    public static HashingEmbeddings of() {
        return of("test-hashing", 64);
    }

    /**
     * A model with the given name and dimension; the same name and dimension give the same vectors.
     *
     * @param modelName the name {@link #modelName()} reports; not blank
     * @param dimension the vector length; at least 1
     * @throws NullPointerException if {@code modelName} is null
     * @throws IllegalArgumentException if {@code modelName} is blank or {@code dimension} is below 1
     */
    public static HashingEmbeddings of(String modelName, int dimension) {
        Objects.requireNonNull(modelName, "modelName");
        if (modelName.isBlank()) {
            throw new IllegalArgumentException("modelName must not be blank");
        }
        if (dimension < 1) {
            throw new IllegalArgumentException("dimension must be at least 1, was " + dimension);
        }
        return new HashingEmbeddings(modelName, dimension);
    }

    /** Returns the name given to {@link #of(String, int)}. */
    @Override
    public String modelName() {
        return modelName;
    }

    /** Returns the dimension given to {@link #of(String, int)}. */
    @Override
    public int dimension() {
        return dimension;
    }

    /** Hashes every text's words into one unit vector per text, in input order. */
    @Override
    public List<float[]> embed(List<String> texts, EmbeddingPurpose purpose) {
        calls.incrementAndGet();
        this.texts.addAndGet(texts.size());
        List<float[]> out = new ArrayList<>(texts.size());
        for (String text : texts) {
            out.add(vector(text));
        }
        return out;
    }

    /** How many times {@link #embed} has been called, whatever the number of texts. */
    public int calls() {
        return calls.get();
    }

    /** How many texts {@link #embed} has been given, over all its calls. */
    public int texts() {
        return texts.get();
    }

    private float[] vector(String text) {
        float[] v = new float[dimension];
        for (String word : text.toLowerCase(Locale.ROOT).split("[^a-z0-9]+")) {
            if (!word.isEmpty()) {
                int h = word.hashCode() * 0x9E3779B1;
                v[Math.floorMod(h, dimension)] += (h >>> 31) == 0 ? 1f : -1f;
            }
        }
        double norm = 0;
        for (float x : v) {
            norm += x * x;
        }
        if (norm == 0) {
            v[0] = 1;
            return v;
        }
        float length = (float) Math.sqrt(norm);
        for (int i = 0; i < v.length; i++) {
            v[i] /= length;
        }
        return v;
    }

    /** Names the model and its dimension. */
    @Override
    public String toString() {
        return "HashingEmbeddings[" + modelName + ", " + dimension + "]";
    }
}
