package io.github.raglens.onnx;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.NodeInfo;
import ai.onnxruntime.OnnxTensor;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import ai.onnxruntime.TensorInfo;
import io.github.raglens.error.ProviderException;
import java.nio.FloatBuffer;
import java.nio.LongBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * An open ONNX Runtime session of an encoder with the layout of its inputs and output: runs one batch
 * of token ids padded to its longest text and turns the output into one L2-normalised vector per
 * text. Thread-safe (ONNX Runtime sessions run concurrently); {@link #close()} frees it.
 */
final class EncoderSession implements AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(EncoderSession.class);

    private final OrtEnvironment environment;
    private final OrtSession session;
    private final String modelName;
    private final String graphDigest;
    private final Pooling pooling;
    private final boolean perText;
    private final boolean firstTokenOnly;
    private final boolean needsTypeIds;
    private final String outputName;
    private final boolean outputIsPooled;
    private final int dimension;

    /**
     * Checks the session's inputs and output and learns the vector width (running a probe text when
     * the output shape leaves it open). Closes the session when it is not a usable encoder.
     *
     * @param perText whether texts must run alone (dynamically quantised graphs)
     * @param firstTokenOnly whether the session runs the graph whose last layer computes the first token only
     * @throws ProviderException when the model is not a BERT-style encoder or its outputs cannot be read
     */
    EncoderSession(
            OrtEnvironment environment,
            OrtSession session,
            ModelSource source,
            String modelName,
            String graphDigest,
            Pooling pooling,
            boolean perText,
            boolean firstTokenOnly,
            HuggingFaceTokenizer tokenizer) {
        this.environment = environment;
        this.session = session;
        this.modelName = modelName;
        this.graphDigest = graphDigest;
        this.pooling = pooling;
        this.perText = perText;
        this.firstTokenOnly = firstTokenOnly;
        try {
            Set<String> inputs = session.getInputNames();
            if (!inputs.contains("input_ids") || !inputs.contains("attention_mask")) {
                throw failure(
                        "ONNX model " + source.describe() + " has inputs " + new TreeSet<>(inputs)
                                + "; raglens needs a BERT-style encoder with inputs input_ids and attention_mask",
                        null);
            }
            this.needsTypeIds = inputs.contains("token_type_ids");
            String name = outputName(session);
            this.outputName = name;
            Map<String, NodeInfo> outputs = session.getOutputInfo();
            long[] shape = outputs.get(name).getInfo() instanceof TensorInfo t ? t.getShape() : new long[0];
            if (shape.length != 2 && shape.length != 3) {
                throw failure(
                        "ONNX model " + source.describe() + " output '" + name + "' has shape "
                                + Arrays.toString(shape)
                                + "; raglens needs token vectors [batch, tokens, dim] or pooled vectors [batch, dim]",
                        null);
            }
            this.outputIsPooled = shape.length == 2;
            long declared = shape[shape.length - 1];
            this.dimension = declared > 0 ? (int) declared : probeDimension(tokenizer);
        } catch (OrtException e) {
            closeSession(session, modelName);
            throw failure("cannot read the outputs of ONNX model " + source.describe() + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            closeSession(session, modelName);
            throw e;
        }
    }

    /** The SHA-256 of the model's ONNX graph as read from its source (before any rewriting). */
    String graphDigest() {
        return graphDigest;
    }

    /** The vector width. */
    int dimension() {
        return dimension;
    }

    /** Whether texts run alone: the graph picks its int8 scales per batch. */
    boolean perText() {
        return perText;
    }

    /** Whether the session runs the graph whose last layer computes the first token only. */
    boolean firstTokenOnly() {
        return firstTokenOnly;
    }

    /**
     * Runs the texts {@code rows} of {@code ids} as one batch padded to the longest (at most {@code
     * maxTokens}) and stores each text's vector at {@code out[offset + row]}.
     *
     * @param types the token type ids per text; read only when the model takes them
     * @throws ProviderException when ONNX Runtime fails
     */
    void run(int[] rows, long[][] ids, long[][] types, int maxTokens, float[][] out, int offset) {
        int b = rows.length;
        int len = 0;
        for (int i : rows) {
            len = Math.max(len, Math.min(maxTokens, ids[i].length));
        }
        long[] idBuf = new long[b * len];
        long[] maskBuf = new long[b * len];
        long[] typeBuf = needsTypeIds ? new long[b * len] : null;
        int[] lengths = new int[b];
        for (int r = 0; r < b; r++) {
            int i = rows[r];
            int l = Math.min(len, ids[i].length);
            lengths[r] = l;
            System.arraycopy(ids[i], 0, idBuf, r * len, l);
            Arrays.fill(maskBuf, r * len, r * len + l, 1L);
            if (typeBuf != null) {
                System.arraycopy(types[i], 0, typeBuf, r * len, l);
            }
        }
        long[] shape = {b, len};
        try (OnnxTensor idT = OnnxTensor.createTensor(environment, LongBuffer.wrap(idBuf), shape);
                OnnxTensor maskT = OnnxTensor.createTensor(environment, LongBuffer.wrap(maskBuf), shape);
                OnnxTensor typeT = typeBuf == null
                        ? null
                        : OnnxTensor.createTensor(environment, LongBuffer.wrap(typeBuf), shape)) {
            Map<String, OnnxTensor> inputs = new HashMap<>(4);
            inputs.put("input_ids", idT);
            inputs.put("attention_mask", maskT);
            if (typeT != null) {
                inputs.put("token_type_ids", typeT);
            }
            try (OrtSession.Result result = session.run(inputs, Set.of(outputName))) {
                OnnxTensor value = (OnnxTensor) result.get(0);
                FloatBuffer hidden = value.getFloatBuffer();
                // The first-token-only graph returns one token per text, the others all of them.
                int tokens = outputIsPooled ? 1 : (int) value.getInfo().getShape()[1];
                for (int r = 0; r < b; r++) {
                    float[] v = new float[dimension];
                    if (outputIsPooled) {
                        hidden.get(r * dimension, v, 0, dimension);
                    } else {
                        pooling.pool(hidden, r, tokens, dimension, lengths, v);
                    }
                    normalise(v);
                    out[offset + rows[r]] = v;
                }
            }
        } catch (OrtException e) {
            throw failure(
                    "ONNX Runtime failed on a batch of " + b + " texts of up to " + len + " tokens: " + e.getMessage(),
                    e);
        }
    }

    /** Scales a vector to length 1, in place; a zero vector stays zero. */
    static void normalise(float[] v) {
        double sum = 0;
        for (float x : v) {
            sum += (double) x * x;
        }
        if (sum > 0) {
            float inv = (float) (1.0 / Math.sqrt(sum));
            for (int i = 0; i < v.length; i++) {
                v[i] *= inv;
            }
        }
    }

    /** Runs one short text to learn the vector width of a model whose output shape leaves it open. */
    private int probeDimension(HuggingFaceTokenizer tokenizer) {
        try {
            long[] out = probeShape(environment, session, tokenizer);
            return (int) out[out.length - 1];
        } catch (OrtException e) {
            throw failure("cannot find the vector width of model '" + modelName + "': " + e.getMessage(), e);
        }
    }

    /** The shape of a session's vector output for a short text of several tokens. */
    static long[] probeShape(OrtEnvironment environment, OrtSession s, HuggingFaceTokenizer tokenizer)
            throws OrtException {
        long[] ids = tokenizer.encode("one token out of several", true, false).getIds();
        long[] mask = new long[ids.length];
        Arrays.fill(mask, 1L);
        long[] shape = {1, ids.length};
        try (OnnxTensor idT = OnnxTensor.createTensor(environment, LongBuffer.wrap(ids), shape);
                OnnxTensor maskT = OnnxTensor.createTensor(environment, LongBuffer.wrap(mask), shape);
                OnnxTensor typeT = OnnxTensor.createTensor(environment, LongBuffer.wrap(new long[ids.length]), shape)) {
            Map<String, OnnxTensor> inputs = new HashMap<>(4);
            inputs.put("input_ids", idT);
            inputs.put("attention_mask", maskT);
            if (s.getInputNames().contains("token_type_ids")) {
                inputs.put("token_type_ids", typeT);
            }
            try (OrtSession.Result result = s.run(inputs, Set.of(outputName(s)))) {
                return ((TensorInfo) result.get(0).getInfo()).getShape();
            }
        }
    }

    /** The output holding the vectors: {@code last_hidden_state}, else the first. */
    private static String outputName(OrtSession s) throws OrtException {
        Map<String, NodeInfo> outputs = s.getOutputInfo();
        return outputs.containsKey("last_hidden_state")
                ? "last_hidden_state"
                : outputs.keySet().iterator().next();
    }

    private ProviderException failure(String message, Exception cause) {
        return new ProviderException(OnnxEmbeddings.PROVIDER, modelName, 0, null, false, message, cause);
    }

    /** Frees the session's native memory. */
    @Override
    public void close() {
        closeSession(session, modelName);
    }

    static void closeSession(OrtSession s, String modelName) {
        try {
            s.close();
        } catch (OrtException e) {
            log.debug("closing the ONNX Runtime session of '{}' failed", modelName, e);
        }
    }
}
