package io.github.raglens.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

class ClsOnlyLastLayerTest {

    private static final int DIM = 384;

    private static byte[] resource(String name) throws Exception {
        try (InputStream in = ClsOnlyLastLayerTest.class.getClassLoader().getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }

    @Tag("full-precision")
    @Test
    void rewrite_float32Bge_givesTheFirstTokenOfTheWholeGraphForPaddedBatches() throws Exception {
        byte[] original = resource("bge-small-en-v1.5.onnx");
        ClsOnlyLastLayer.Result r = ClsOnlyLastLayer.rewrite(original);
        assertThat(r.rewritten()).isTrue();
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Batch batch = Batch.random(new Random(seed), 3);
        try (Sessions s = new Sessions(original, r.graph())) {
            Output whole = s.run(s.left, batch);
            Output firstOnly = s.run(s.right, batch);
            assertThat(firstOnly.tokens).isEqualTo(1);
            for (int row = 0; row < batch.rows; row++) {
                float[] expected = whole.firstToken(row);
                float[] actual = firstOnly.firstToken(row);
                for (int d = 0; d < DIM; d++) {
                    assertThat(actual[d])
                            .as("seed %d, row %d, dim %d", seed, row, d)
                            .isCloseTo(expected[d], org.assertj.core.data.Offset.offset(2e-4f));
                }
            }
        }
    }

    @Test
    void rewrite_quantisedBge_movesTheFirstTokenByQuantisationNoiseOnly() throws Exception {
        byte[] unpadded = UnpaddedGraph.withoutMaskAdditions(resource("bge-small-en-v1.5-q.onnx"))
                .graph();
        ClsOnlyLastLayer.Result r = ClsOnlyLastLayer.rewrite(unpadded);
        assertThat(r.rewritten()).isTrue();
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        try (Sessions s = new Sessions(unpadded, r.graph())) {
            for (int i = 0; i < 6; i++) {
                Batch text = Batch.random(random, 1);
                Output whole = s.run(s.left, text);
                Output firstOnly = s.run(s.right, text);
                assertThat(firstOnly.tokens).isEqualTo(1);
                assertThat(cosine(whole.firstToken(0), firstOnly.firstToken(0)))
                        .as("seed %d, %d tokens", seed, text.length)
                        .isGreaterThan(0.9999);
            }
        }
    }

    @Test
    void rewrite_lastLayerReadingAnotherPerTokenInput_isRefused() throws Exception {
        byte[] original = resource("bge-small-en-v1.5-q.onnx");
        OnnxGraph graph = OnnxGraph.read(original);
        List<OnnxGraph.Node> nodes = new ArrayList<>(graph.nodes());
        // The last layer's output bias now comes from the mask: a per-token input the first-token-only
        // graph would broadcast against.
        int last = nodes.size() - 1;
        while (!(nodes.get(last).opType().equals("Add")
                && graph.initializers().contains(nodes.get(last).inputs().get(0)))) {
            last--;
        }
        OnnxGraph.Node bias = nodes.get(last);
        nodes.set(last, bias.withInputRenamed(bias.inputs().get(0), "attention_mask"));
        byte[] edited = graph.write(nodes, List.of());

        ClsOnlyLastLayer.Result r = ClsOnlyLastLayer.rewrite(edited);

        assertThat(r.rewritten()).isFalse();
        assertThat(r.graph()).isSameAs(edited);
        assertThat(ClsOnlyLastLayer.rewrite(original).rewritten()).isTrue();
    }

    @Test
    void rewrite_lastLayerReducingOverAnotherAxisThanTheHiddenOne_isRefused() throws Exception {
        OnnxGraph graph = OnnxGraph.read(resource("bge-small-en-v1.5-q.onnx"));
        List<OnnxGraph.Node> nodes = new ArrayList<>(graph.nodes());
        String hidden = nodes.get(nodes.size() - 1).outputs().get(0);
        // No axes attribute: a reduction over every axis, tokens included.
        nodes.add(OnnxGraph.Node.of("ReduceMean", "mean_of_all", List.of(hidden), List.of("mean_of_all")));

        assertThat(ClsOnlyLastLayer.rewrite(graph.write(nodes, List.of())).rewritten())
                .isFalse();
    }

    @Test
    void integers_readIntAndPackedIntsAttributes() throws Exception {
        OnnxGraph graph = OnnxGraph.read(resource("bge-small-en-v1.5-q.onnx"));
        OnnxGraph.Node softmax = graph.nodes().stream()
                .filter(n -> n.opType().equals("Softmax"))
                .findFirst()
                .orElseThrow();
        OnnxGraph.Node layerNormMean = graph.nodes().stream()
                .filter(n -> n.opType().equals("ReduceMean"))
                .findFirst()
                .orElseThrow();
        assertThat(softmax.integers("axis")).containsExactly(3L);
        assertThat(layerNormMean.integers("axes")).containsExactly(-1L);
        assertThat(softmax.integers("no such attribute")).isEmpty();
    }

    @Test
    void rewrite_bytesThatAreNoModel_areReturnedUnchanged() {
        byte[] junk = {0x0a, 0x7f, 0x01};
        assertThat(ClsOnlyLastLayer.rewrite(junk).graph()).isSameAs(junk);
        assertThat(ClsOnlyLastLayer.rewrite(junk).rewritten()).isFalse();
    }

    private static double cosine(float[] a, float[] b) {
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

    /** Random token ids, rows padded to the longest. */
    private record Batch(int rows, int length, long[] ids, long[] mask) {
        static Batch random(Random random, int rows) {
            int[] lengths = new int[rows];
            int length = 0;
            for (int r = 0; r < rows; r++) {
                lengths[r] = 3 + random.nextInt(80);
                length = Math.max(length, lengths[r]);
            }
            long[] ids = new long[rows * length];
            long[] mask = new long[rows * length];
            for (int r = 0; r < rows; r++) {
                int base = r * length;
                ids[base] = 101;
                for (int t = 1; t < lengths[r] - 1; t++) {
                    ids[base + t] = 1000 + random.nextInt(29_000);
                }
                ids[base + lengths[r] - 1] = 102;
                java.util.Arrays.fill(mask, base, base + lengths[r], 1L);
            }
            return new Batch(rows, length, ids, mask);
        }
    }

    private record Output(float[] values, int tokens) {
        float[] firstToken(int row) {
            float[] v = new float[DIM];
            System.arraycopy(values, row * tokens * DIM, v, 0, DIM);
            return v;
        }
    }

    /** Two sessions on one thread each. */
    private static final class Sessions implements AutoCloseable {
        final OrtEnvironment env = OrtEnvironment.getEnvironment();
        final OrtSession left;
        final OrtSession right;

        Sessions(byte[] a, byte[] b) throws Exception {
            try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
                options.setIntraOpNumThreads(1);
                left = env.createSession(a, options);
                right = env.createSession(b, options);
            }
        }

        Output run(OrtSession session, Batch batch) throws Exception {
            long[] shape = {batch.rows, batch.length};
            try (OnnxTensor idT = OnnxTensor.createTensor(env, LongBuffer.wrap(batch.ids), shape);
                    OnnxTensor maskT = OnnxTensor.createTensor(env, LongBuffer.wrap(batch.mask), shape);
                    OnnxTensor typeT =
                            OnnxTensor.createTensor(env, LongBuffer.wrap(new long[batch.ids.length]), shape)) {
                Map<String, OnnxTensor> inputs = new HashMap<>();
                inputs.put("input_ids", idT);
                inputs.put("attention_mask", maskT);
                inputs.put("token_type_ids", typeT);
                try (OrtSession.Result r = session.run(inputs)) {
                    OnnxTensor out = (OnnxTensor) r.get("last_hidden_state").orElseThrow();
                    FloatBuffer buffer = out.getFloatBuffer();
                    float[] v = new float[buffer.remaining()];
                    buffer.get(v);
                    return new Output(v, (int) out.getInfo().getShape()[1]);
                }
            }
        }

        @Override
        public void close() throws ai.onnxruntime.OrtException {
            left.close();
            right.close();
        }
    }
}
