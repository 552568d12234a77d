package io.github.raglens.providers;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.ProviderException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.function.IntSupplier;

/** Checks embedding replies: one vector per text, one dimension, finite numbers. Thread-safe. */
final class EmbeddingChecks {

    private final ClientConfig config;
    private volatile int dimension;

    /**
     * @param config the client's settings, for messages
     * @param dimension the declared dimension, or 0 to learn it from the first reply
     */
    public EmbeddingChecks(ClientConfig config, int dimension) {
        this.config = config;
        this.dimension = dimension;
    }

    /** The dimension, probing once when it is not known yet. */
    public int dimension(IntSupplier probe) {
        int d = dimension;
        if (d == 0) {
            d = probe.getAsInt();
            dimension = d;
        }
        return d;
    }

    /**
     * Embeds {@code texts} in requests of at most {@code batchSize} texts each, checking every
     * batch's reply, and returns the vectors in input order.
     *
     * @param request sends one batch and returns its vectors
     * @throws ProviderException when a reply's count or a dimension is wrong
     */
    public List<float[]> inBatches(List<String> texts, int batchSize, Function<List<String>, List<float[]>> request) {
        List<float[]> out = new ArrayList<>(texts.size());
        for (int from = 0; from < texts.size(); from += batchSize) {
            List<String> batch = texts.subList(from, Math.min(texts.size(), from + batchSize));
            out.addAll(check(batch.size(), request.apply(batch)));
        }
        return out;
    }

    /**
     * Checks one batch's vectors.
     *
     * @throws ProviderException when the count or a dimension is wrong
     */
    public List<float[]> check(int expected, List<float[]> vectors) {
        if (vectors.size() != expected) {
            throw new ProviderException(
                    config.provider(),
                    config.model(),
                    200,
                    null,
                    false,
                    config.modelName() + " returned " + vectors.size() + " vectors for " + expected
                            + " texts; an empty text is dropped by some servers, so check the input",
                    null);
        }
        for (float[] v : vectors) {
            int d = dimension;
            if (d == 0) {
                dimension = v.length;
            } else if (v.length != d) {
                throw new ProviderException(
                        config.provider(),
                        config.model(),
                        200,
                        null,
                        false,
                        config.modelName() + " returned a vector of dimension " + v.length + ", expected " + d,
                        null);
            }
        }
        return vectors;
    }

    /**
     * Reads a JSON array of numbers.
     *
     * @throws MalformedReplyException when it is not one, or holds a non-finite number
     */
    public static float[] floats(JsonNode array) throws MalformedReplyException {
        if (array == null || !array.isArray() || array.isEmpty()) {
            throw new MalformedReplyException("an embedding is not a non-empty array of numbers");
        }
        float[] v = new float[array.size()];
        for (int i = 0; i < v.length; i++) {
            JsonNode n = array.get(i);
            if (!n.isNumber()) {
                throw new MalformedReplyException("an embedding holds a non-number: " + n);
            }
            v[i] = (float) n.asDouble();
            if (!Float.isFinite(v[i])) {
                throw new MalformedReplyException("an embedding holds a non-finite number");
            }
        }
        return v;
    }
}
