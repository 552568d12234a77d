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
            bge = OnnxEmbeddings.bgeSmallEnV15();
        }
        return bge;
    }

    static synchronized OnnxEmbeddings miniLm() {
        if (miniLm == null) {
            miniLm = OnnxEmbeddings.allMiniLmL6V2();
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
