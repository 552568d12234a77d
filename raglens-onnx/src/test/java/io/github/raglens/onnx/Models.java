package io.github.raglens.onnx;

/**
 * The built-in models, loaded once per test JVM: loading a session takes about a second, and sharing
 * one instance across tests is also how users are told to use it.
 */
final class Models {

    private Models() {}

    private static OnnxEmbeddings bge;
    private static OnnxEmbeddings miniLm;

    static synchronized OnnxEmbeddings bge() {
        if (bge == null) {
            bge = OnnxEmbeddings.builder().bgeSmallEnV15().build();
        }
        return bge;
    }

    private static OnnxEmbeddings bgeFp32;
    private static OnnxEmbeddings bgeFp32SmallBatches;

    /** Unquantised: the model where batching and padding really happen. */
    static synchronized OnnxEmbeddings bgeFp32() {
        if (bgeFp32 == null) {
            bgeFp32 = OnnxEmbeddings.builder().bgeSmallEnV15Fp32().build();
        }
        return bgeFp32;
    }

    /** The same model run in small batches on one thread, to compare against {@link #bgeFp32()}. */
    static synchronized OnnxEmbeddings bgeFp32SmallBatches() {
        if (bgeFp32SmallBatches == null) {
            bgeFp32SmallBatches = OnnxEmbeddings.builder()
                    .bgeSmallEnV15Fp32()
                    .batchSize(3)
                    .batchTokens(300)
                    .threads(1)
                    .build();
        }
        return bgeFp32SmallBatches;
    }

    static synchronized OnnxEmbeddings miniLm() {
        if (miniLm == null) {
            miniLm = OnnxEmbeddings.builder().allMiniLmL6V2().build();
        }
        return miniLm;
    }

    static double cosine(float[] a, float[] b) {
        double dot = 0;
        double na = 0;
        double nb = 0;
        for (int i = 0; i < a.length; i++) {
            dot += (double) a[i] * b[i];
            na += (double) a[i] * a[i];
            nb += (double) b[i] * b[i];
        }
        return dot / Math.sqrt(na * nb);
    }
}
