package io.github.raglens.onnx;

import static org.assertj.core.api.Assertions.assertThat;

import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtSession;
import java.io.InputStream;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

class UnpaddedGraphTest {

    private static byte[] resource(String name) throws Exception {
        try (InputStream in = UnpaddedGraphTest.class.getClassLoader().getResourceAsStream(name)) {
            assertThat(in).as(name).isNotNull();
            return in.readAllBytes();
        }
    }

    @Test
    void withoutMaskAdditions_bgeQuantised_removesOneAdditionPerLayerAndGivesIdenticalOutputs() throws Exception {
        byte[] original = resource("bge-small-en-v1.5-q.onnx");
        UnpaddedGraph.Result rewritten = UnpaddedGraph.withoutMaskAdditions(original);
        assertThat(rewritten.removed()).isEqualTo(12);
        assertThat(rewritten.graph().length).isLessThan(original.length);
        assertSameOutputs(original, rewritten.graph());
    }

    @Test
    void withoutMaskAdditions_miniLmQuantised_removesOneAdditionPerLayerAndGivesIdenticalOutputs() throws Exception {
        byte[] original = resource("all-minilm-l6-v2-q.onnx");
        UnpaddedGraph.Result rewritten = UnpaddedGraph.withoutMaskAdditions(original);
        assertThat(rewritten.removed()).isEqualTo(6);
        assertSameOutputs(original, rewritten.graph());
    }

    @Test
    void withoutMaskAdditions_bytesThatAreNoModel_areReturnedUnchanged() {
        byte[] junk = {0x0a, 0x7f, 0x01};
        UnpaddedGraph.Result r = UnpaddedGraph.withoutMaskAdditions(junk);
        assertThat(r.removed()).isZero();
        assertThat(r.graph()).isSameAs(junk);
        byte[] empty = {};
        assertThat(UnpaddedGraph.withoutMaskAdditions(empty).graph()).isSameAs(empty);
    }

    /** Runs random unpadded token sequences (seeded) through both graphs and compares every float. */
    private static void assertSameOutputs(byte[] a, byte[] b) throws Exception {
        long seed = Long.getLong("raglens.seed", new Random().nextLong());
        Random random = new Random(seed);
        OrtEnvironment env = OrtEnvironment.getEnvironment();
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setIntraOpNumThreads(1);
            try (OrtSession left = env.createSession(a, options);
                    OrtSession right = env.createSession(b, options)) {
                for (int i = 0; i < 4; i++) {
                    int len = 2 + random.nextInt(60);
                    long[] ids = new long[len];
                    ids[0] = 101;
                    ids[len - 1] = 102;
                    for (int t = 1; t < len - 1; t++) {
                        ids[t] = 1000 + random.nextInt(29_000);
                    }
                    assertThat(run(env, right, ids))
                            .as("seed %d, %d tokens", seed, len)
                            .containsExactly(run(env, left, ids));
                }
            }
        }
    }

    private static float[] run(OrtEnvironment env, OrtSession session, long[] ids) throws Exception {
        long[] shape = {1, ids.length};
        long[] mask = new long[ids.length];
        Arrays.fill(mask, 1L);
        try (OnnxTensor idT = OnnxTensor.createTensor(env, LongBuffer.wrap(ids), shape);
                OnnxTensor maskT = OnnxTensor.createTensor(env, LongBuffer.wrap(mask), shape);
                OnnxTensor typeT = OnnxTensor.createTensor(env, LongBuffer.wrap(new long[ids.length]), shape)) {
            Map<String, OnnxTensor> inputs = new HashMap<>();
            inputs.put("input_ids", idT);
            inputs.put("attention_mask", maskT);
            if (session.getInputNames().contains("token_type_ids")) {
                inputs.put("token_type_ids", typeT);
            }
            try (OrtSession.Result r = session.run(inputs)) {
                FloatBuffer out = ((OnnxTensor) r.get(0)).getFloatBuffer();
                float[] v = new float[out.remaining()];
                out.get(v);
                return v;
            }
        }
    }
}
