package io.github.raglens.onnx;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rewrites a BERT-style ONNX graph for inputs that are never padded: the attention-mask addition in
 * front of every attention {@code Softmax} is dropped.
 *
 * <p>The exported graph adds {@code (1 - mask) × min_float} to the attention scores of every layer, a
 * broadcast over {@code heads × tokens × tokens} elements that took 12–14% of the run time of
 * bge-small-en-v1.5 on SciFact abstracts. With every mask element 1 it adds exactly zero, so for texts
 * run alone (no padding) the rewritten graph gives the same vectors, bit for bit.
 *
 * <p>Only the graph's node list is touched (see {@link OnnxGraph}). A graph in which the pattern is
 * not found is returned unchanged.
 */
final class UnpaddedGraph {

    /**
     * The rewrite's version in the {@link GraphCache}: change it whenever the rewrite's output changes,
     * so graphs cached by an older rewrite are not read.
     */
    static final String VERSION = "unpadded-1";

    private static final String MASK_INPUT = "attention_mask";

    private UnpaddedGraph() {}

    /** The result: the graph to load and how many mask additions were removed. */
    record Result(byte[] graph, int removed) {}

    /**
     * Drops every {@code Add} whose output feeds only a {@code Softmax}, one operand computed from the
     * text inputs and the other from the graph input {@code attention_mask} and constants only; the
     * {@code Softmax} reads the scores directly.
     */
    static Result withoutMaskAdditions(byte[] model) {
        try {
            return rewrite(model);
        } catch (RuntimeException e) {
            // An unexpected encoding: keep the model as it is (it is only slower).
            return new Result(model, 0);
        }
    }

    private static Result rewrite(byte[] model) {
        OnnxGraph graph = OnnxGraph.read(model);
        Map<String, Origin> known = new HashMap<>();
        for (String input : graph.graphInputs()) {
            if (!input.equals(MASK_INPUT)) {
                known.put(input, Origin.TEXT);
            }
        }
        Map<OnnxGraph.Node, String[]> rerouted = new HashMap<>();
        Set<OnnxGraph.Node> dropped = new HashSet<>();
        for (OnnxGraph.Node n : graph.nodes()) {
            if (!n.opType().equals("Softmax") || n.inputs().size() != 1) {
                continue;
            }
            OnnxGraph.Node add = graph.producer(n.inputs().get(0));
            if (add == null
                    || !add.opType().equals("Add")
                    || add.inputs().size() != 2
                    || add.outputs().size() != 1
                    || graph.consumers(add.outputs().get(0)).size() != 1) {
                continue;
            }
            Origin left = origin(add.inputs().get(0), graph, known);
            Origin right = origin(add.inputs().get(1), graph, known);
            int maskSide = right == Origin.MASK && left == Origin.TEXT
                    ? 1
                    : left == Origin.MASK && right == Origin.TEXT ? 0 : -1;
            if (maskSide < 0) {
                continue;
            }
            rerouted.put(n, new String[] {add.outputs().get(0), add.inputs().get(1 - maskSide)});
            dropped.add(add);
        }
        if (dropped.isEmpty()) {
            return new Result(model, 0);
        }
        List<OnnxGraph.Node> nodes = new ArrayList<>();
        for (OnnxGraph.Node n : graph.nodes()) {
            if (dropped.contains(n)) {
                continue;
            }
            String[] route = rerouted.get(n);
            nodes.add(route == null ? n : n.withInputRenamed(route[0], route[1]));
        }
        return new Result(graph.write(nodes, List.of()), dropped.size());
    }

    /** What a value is computed from. */
    private enum Origin {
        /** Only initializers and constants. */
        CONSTANT,
        /** The attention mask, and perhaps constants. */
        MASK,
        /** Another graph input (the text itself). */
        TEXT
    }

    private static Origin origin(String value, OnnxGraph graph, Map<String, Origin> known) {
        Origin o = known.get(value);
        if (o != null) {
            return o;
        }
        OnnxGraph.Node p = graph.producer(value);
        if (value.equals(MASK_INPUT)) {
            o = Origin.MASK;
        } else if (p == null) {
            o = Origin.CONSTANT;
        } else {
            o = Origin.CONSTANT;
            for (String in : p.inputs()) {
                if (in.isEmpty()) {
                    continue;
                }
                Origin i = origin(in, graph, known);
                if (i == Origin.TEXT) {
                    o = Origin.TEXT;
                    break;
                }
                if (i == Origin.MASK) {
                    o = Origin.MASK;
                }
            }
        }
        known.put(value, o);
        return o;
    }
}
