package io.github.raglens.onnx;

import ai.djl.huggingface.tokenizers.HuggingFaceTokenizer;
import ai.onnxruntime.OrtEnvironment;
import ai.onnxruntime.OrtException;
import ai.onnxruntime.OrtSession;
import io.github.raglens.error.ProviderException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Opens the fastest session of a model's graph that ONNX Runtime loads and that gives the same
 * vectors: the first-token-only rewrite (CLS-pooled models), else the graph without attention-mask
 * additions (texts that run alone), else the original.
 */
final class SessionOpener {

    private static final Logger log = LoggerFactory.getLogger(SessionOpener.class);

    private static final byte[] DYNAMIC_QUANTIZATION = "DynamicQuantizeLinear".getBytes(StandardCharsets.US_ASCII);

    private SessionOpener() {}

    /**
     * Reads the model's graph and opens its fastest session; the tokenizer encodes probe texts. The
     * rewritten graphs are read from {@code cache} when it holds them, else made and stored there.
     *
     * @throws ProviderException when no graph loads, or the model is not a usable encoder
     */
    static EncoderSession open(
            ModelSource source, String modelName, Pooling pooling, HuggingFaceTokenizer tokenizer, GraphCache cache) {
        byte[] graph = source.readOnnx(modelName);
        String sourceKey = GraphCache.keyOf(graph);
        // Dynamically quantised graphs pick one int8 scale per tensor, i.e. per batch: a text's vector
        // would depend on its batch neighbours, so such models run every text on its own (measured on
        // SciFact: batching them was also 20% slower, padding costs more than larger matrices save).
        boolean perText = contains(graph, DYNAMIC_QUANTIZATION);
        OrtEnvironment environment = OrtEnvironment.getEnvironment();
        // Texts run alone are never padded, so the attention-mask additions add zero: drop them (12-14%
        // of the run time of bge-small on SciFact abstracts, vectors bit for bit the same).
        String unpaddedChain = perText ? UnpaddedGraph.VERSION : "whole";
        byte[][] made = new byte[1][];
        // Made or read only when needed: not when the first-token-only graph is cached and loads.
        Supplier<byte[]> unpadded = () -> {
            if (made[0] == null) {
                made[0] = perText ? withoutMaskAdditions(cache, sourceKey, graph) : graph;
            }
            return made[0];
        };
        if (pooling == Pooling.CLS) {
            // Only the first token's vector is read: the last layer computes that token alone (about 9%).
            Optional<byte[]> clsOnly = cache.rewrite(
                    sourceKey,
                    unpaddedChain + "+" + ClsOnlyLastLayer.VERSION,
                    unpadded,
                    g -> ClsOnlyLastLayer.rewrite(g).graph());
            if (clsOnly.isPresent()) {
                OrtSession s = openIfLoads(environment, source, clsOnly.get(), modelName);
                if (s != null && returnsOneToken(environment, s, tokenizer)) {
                    log.debug("model '{}': the last layer computes the first token only", modelName);
                    return new EncoderSession(
                            environment, s, source, modelName, sourceKey, pooling, perText, true, tokenizer);
                }
                if (s != null) {
                    log.debug(
                            "model '{}': the first-token-only graph returns more than one token; not using it",
                            modelName);
                    EncoderSession.closeSession(s, modelName);
                }
            }
        }
        if (unpadded.get() != graph) {
            OrtSession s = openIfLoads(environment, source, unpadded.get(), modelName);
            if (s != null) {
                log.debug("model '{}': attention-mask additions removed (inputs are never padded)", modelName);
                return new EncoderSession(
                        environment, s, source, modelName, sourceKey, pooling, perText, false, tokenizer);
            }
        }
        OrtSession s = openSession(environment, source, graph, modelName);
        return new EncoderSession(environment, s, source, modelName, sourceKey, pooling, perText, false, tokenizer);
    }

    /** The graph without its attention-mask additions, made or read from the cache. */
    private static byte[] withoutMaskAdditions(GraphCache cache, String sourceKey, byte[] graph) {
        return cache.rewrite(
                        sourceKey,
                        UnpaddedGraph.VERSION,
                        () -> graph,
                        g -> UnpaddedGraph.withoutMaskAdditions(g).graph())
                .orElse(graph);
    }

    /** A session on a rewritten graph, or null when ONNX Runtime rejects it. */
    private static OrtSession openIfLoads(
            OrtEnvironment environment, ModelSource source, byte[] rewritten, String modelName) {
        try {
            return openSession(environment, source, rewritten, modelName);
        } catch (ProviderException e) {
            log.debug("model '{}': a rewritten graph does not load; trying the next", modelName, e);
            return null;
        }
    }

    /**
     * Whether the session's vector output is one token's for a text of several. An output pooled in
     * the graph ({@code [batch, dim]}) does not count: the rewrite could have changed what it pools.
     */
    private static boolean returnsOneToken(OrtEnvironment environment, OrtSession s, HuggingFaceTokenizer tokenizer) {
        try {
            long[] out = EncoderSession.probeShape(environment, s, tokenizer);
            return out.length == 3 && out[1] == 1;
        } catch (OrtException | RuntimeException e) {
            log.debug("the first-token-only graph fails on a probe text", e);
            return false;
        }
    }

    /** A session running on one intra-op thread (parallelism comes from concurrent runs). */
    private static OrtSession openSession(
            OrtEnvironment environment, ModelSource source, byte[] graph, String modelName) {
        try (OrtSession.SessionOptions options = new OrtSession.SessionOptions()) {
            options.setOptimizationLevel(OrtSession.SessionOptions.OptLevel.ALL_OPT);
            options.setExecutionMode(OrtSession.SessionOptions.ExecutionMode.SEQUENTIAL);
            options.setIntraOpNumThreads(1);
            options.setInterOpNumThreads(1);
            // Threads that spin while idle steal the CPU from other runs and other programs.
            options.addConfigEntry("session.intra_op.allow_spinning", "0");
            return environment.createSession(graph, options);
        } catch (OrtException e) {
            throw new ProviderException(
                    OnnxEmbeddings.PROVIDER,
                    modelName,
                    0,
                    null,
                    false,
                    "cannot load ONNX model " + source.describe() + ": " + e.getMessage()
                            + "; pass a valid .onnx file exported for ONNX Runtime",
                    e);
        }
    }

    private static boolean contains(byte[] haystack, byte[] needle) {
        outer:
        for (int i = 0; i <= haystack.length - needle.length; i++) {
            for (int j = 0; j < needle.length; j++) {
                if (haystack[i + j] != needle[j]) {
                    continue outer;
                }
            }
            return true;
        }
        return false;
    }
}
