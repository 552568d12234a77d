package io.github.raglens.onnx;

import java.nio.FloatBuffer;

/**
 * How the per-token vectors of a transformer's last layer become one vector per text.
 *
 * <p>Use the pooling the model was trained with: a mismatch still gives vectors, but poor ones.
 */
public enum Pooling {
    /** The vector of the first token ({@code [CLS]}); BGE models are trained for this. */
    CLS,
    /** The mean of the vectors of the real (non-padding) tokens; sentence-transformers models such as MiniLM. */
    MEAN;

    /**
     * Pools row {@code row} of a {@code [batch, seqLen, dim]} tensor into {@code out}.
     *
     * @param hidden the last hidden states, row-major
     * @param lengths the number of real tokens of each row (the rest is padding)
     */
    void pool(FloatBuffer hidden, int row, int seqLen, int dim, int[] lengths, float[] out) {
        int base = row * seqLen * dim;
        switch (this) {
            case CLS -> hidden.get(base, out, 0, dim);
            case MEAN -> {
                java.util.Arrays.fill(out, 0f);
                int n = lengths[row];
                for (int t = 0; t < n; t++) {
                    int off = base + t * dim;
                    for (int d = 0; d < dim; d++) {
                        out[d] += hidden.get(off + d);
                    }
                }
                float inv = 1f / Math.max(1, n);
                for (int d = 0; d < dim; d++) {
                    out[d] *= inv;
                }
            }
        }
    }
}
