package io.github.raglens.onnx;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Rewrites a BERT-style encoder whose vector is its first token's ({@link Pooling#CLS}) so that the
 * last layer computes that token only.
 *
 * <p>Every layer but the last must run on all tokens, since their keys and values feed the next
 * layer's attention. In the last layer only the first token's output is read, so its query, its row of
 * attention scores, the attention output projection, the feed-forward block and the layer norms are
 * needed for that one token: the keys and values stay whole. For bge-small-en-v1.5 this saves about
 * 9% of the run time on SciFact abstracts (a twelfth of the encoder, less the keys and values).
 *
 * <p>The rewrite takes the first row of the query operand of the last attention's score {@code MatMul}
 * and of the residual input the attention output is added to. It is made only when the nodes computed
 * from the last {@code Softmax} read nothing but values computed from it, constants, the attention
 * values (the second operand of the {@code MatMul} right after it) and that one residual input, so no
 * other per-token tensor can broadcast against the single row. The float32 graph then gives the same
 * first-token vector up to rounding. A dynamically quantised graph picks the int8 scale of the last
 * layer's activations from one token instead of all, which moves its vectors by a cosine of about
 * 1e-5 (on the first 1,000 SciFact abstracts: at least 0.99995 against the whole graph, as the
 * {@code embed} benchmark reports).
 *
 * <p>A graph that does not match is returned unchanged, as is one that reduces over another axis than
 * the last after that {@code Softmax} (its layer norms reduce over the hidden axis). The caller also
 * checks that the rewritten graph returns one token's vector: a graph whose output is already pooled
 * (a mean over all tokens, say) is not rewritten.
 */
final class ClsOnlyLastLayer {

    /**
     * The rewrite's version in the {@link GraphCache}: change it whenever the rewrite's output changes,
     * so graphs cached by an older rewrite are not read.
     */
    static final String VERSION = "cls-only-1";

    private static final Set<String> SCORE_SCALING = Set.of("Div", "Mul", "Add", "Sub");

    private ClsOnlyLastLayer() {}

    /** The result: the graph to load and whether it was rewritten. */
    record Result(byte[] graph, boolean rewritten) {}

    static Result rewrite(byte[] model) {
        try {
            byte[] rewritten = firstTokenOnly(OnnxGraph.read(model));
            return rewritten == null ? new Result(model, false) : new Result(rewritten, true);
        } catch (RuntimeException e) {
            // An unexpected encoding: keep the model as it is (it is only slower).
            return new Result(model, false);
        }
    }

    /** The rewritten model, or null when the graph does not have the expected shape. */
    private static byte[] firstTokenOnly(OnnxGraph graph) {
        // Slice takes its bounds as inputs from opset 10 on.
        if (graph.opset() < 10) {
            return null;
        }
        List<OnnxGraph.Node> nodes = graph.nodes();
        OnnxGraph.Node softmax = null;
        for (OnnxGraph.Node n : nodes) {
            if (n.opType().equals("Softmax")) {
                softmax = n;
            }
        }
        if (softmax == null || softmax.inputs().size() != 1 || !lastAxis(softmax)) {
            return null;
        }
        OnnxGraph.Node scores = scoreMatMul(graph, softmax);
        if (scores == null) {
            return null;
        }
        Set<String> constant = constants(graph);
        Set<String> fromSoftmax = new HashSet<>(softmax.outputs());
        String probabilities = softmax.outputs().get(0);
        OnnxGraph.Node residual = null;
        String residualInput = null;
        for (OnnxGraph.Node n : nodes.subList(nodes.indexOf(softmax) + 1, nodes.size())) {
            if (n.inputs().stream().noneMatch(fromSoftmax::contains)) {
                continue;
            }
            // A reduction over any axis but the last (the hidden one) would mix tokens.
            if (n.opType().startsWith("Reduce") && !n.integers("axes").equals(List.of(-1L))) {
                return null;
            }
            for (int i = 0; i < n.inputs().size(); i++) {
                String in = n.inputs().get(i);
                if (in.isEmpty() || fromSoftmax.contains(in) || constant.contains(in)) {
                    continue;
                }
                boolean attentionValues = n.opType().equals("MatMul")
                        && i == 1
                        && n.inputs().get(0).equals(probabilities);
                if (attentionValues) {
                    continue;
                }
                if (residual == null && n.opType().equals("Add") && n.inputs().size() == 2) {
                    residual = n;
                    residualInput = in;
                    continue;
                }
                return null;
            }
            fromSoftmax.addAll(n.outputs());
        }
        if (residual == null) {
            return null;
        }
        String query = scores.inputs().get(0);
        String queryRow = query + "/raglens_first_token";
        String residualRow = residualInput + "/raglens_first_token";
        String starts = "raglens_first_token_starts";
        String ends = "raglens_first_token_ends";
        // The token axis is second to last both for the query [.., tokens, head size] and for the
        // hidden states [batch, tokens, hidden].
        String axes = "raglens_first_token_axes";
        List<OnnxGraph.Node> rewritten = new ArrayList<>(nodes.size() + 2);
        for (OnnxGraph.Node n : nodes) {
            if (n == scores) {
                rewritten.add(
                        OnnxGraph.Node.of("Slice", queryRow, List.of(query, starts, ends, axes), List.of(queryRow)));
                rewritten.add(n.withInputRenamed(query, queryRow));
            } else if (n == residual) {
                rewritten.add(OnnxGraph.Node.of(
                        "Slice", residualRow, List.of(residualInput, starts, ends, axes), List.of(residualRow)));
                rewritten.add(n.withInputRenamed(residualInput, residualRow));
            } else {
                rewritten.add(n);
            }
        }
        return graph.write(
                rewritten,
                List.of(
                        OnnxGraph.int64Initializer(starts, 0),
                        OnnxGraph.int64Initializer(ends, 1),
                        OnnxGraph.int64Initializer(axes, -2)));
    }

    /** Whether a Softmax normalises over the last axis of 4-d scores (-1, or 3 as BERT exports write it). */
    private static boolean lastAxis(OnnxGraph.Node softmax) {
        List<Long> axis = softmax.integers("axis");
        return axis.equals(List.of(-1L)) || axis.equals(List.of(3L));
    }

    /**
     * The one MatMul the Softmax's scores come from through scaling and mask arithmetic, or null when
     * there is none or more than one.
     */
    private static OnnxGraph.Node scoreMatMul(OnnxGraph graph, OnnxGraph.Node softmax) {
        List<OnnxGraph.Node> found = new ArrayList<>();
        Deque<String> pending = new ArrayDeque<>(softmax.inputs());
        Set<String> seen = new HashSet<>();
        while (!pending.isEmpty()) {
            String value = pending.pop();
            OnnxGraph.Node p = graph.producer(value);
            if (p == null || !seen.add(value)) {
                continue;
            }
            if (p.opType().equals("MatMul")) {
                found.add(p);
            } else if (SCORE_SCALING.contains(p.opType())) {
                pending.addAll(p.inputs());
            }
        }
        return found.size() == 1 && found.get(0).inputs().size() == 2 ? found.get(0) : null;
    }

    /** The initializers and the values computed from them and {@code Constant} nodes only. */
    private static Set<String> constants(OnnxGraph graph) {
        Set<String> constant = new HashSet<>(graph.initializers());
        for (OnnxGraph.Node n : graph.nodes()) {
            if (n.inputs().stream().allMatch(in -> in.isEmpty() || constant.contains(in))) {
                constant.addAll(n.outputs());
            }
        }
        return constant;
    }
}
