package io.github.raglens.onnx;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An ONNX model read just far enough to edit its graph's node list: nodes with their op type, inputs,
 * outputs and integer attributes, the names of initializers and graph inputs, and the default-domain
 * opset. Every other field is kept as raw bytes and written back unchanged, so no protobuf library is
 * needed.
 *
 * <p>Field numbers are those of {@code onnx.proto}.
 */
final class OnnxGraph {

    private static final int MODEL_GRAPH = 7;
    private static final int MODEL_OPSET_IMPORT = 8;
    private static final int OPSET_DOMAIN = 1;
    private static final int OPSET_VERSION = 2;
    private static final int GRAPH_NODE = 1;
    private static final int GRAPH_INITIALIZER = 5;
    private static final int GRAPH_INPUT = 11;
    private static final int NODE_INPUT = 1;
    private static final int NODE_OUTPUT = 2;
    private static final int NODE_NAME = 3;
    private static final int NODE_OP_TYPE = 4;
    private static final int NODE_ATTRIBUTE = 5;
    private static final int ATTRIBUTE_NAME = 1;
    private static final int ATTRIBUTE_INT = 3;
    private static final int ATTRIBUTE_INTS = 8;
    private static final int TENSOR_DIMS = 1;
    private static final int TENSOR_DATA_TYPE = 2;
    private static final int TENSOR_NAME = 8;
    private static final int TENSOR_RAW_DATA = 9;
    private static final int TENSOR_INT64 = 7;
    private static final int VALUE_INFO_NAME = 1;

    private static final int VARINT = 0;
    private static final int LENGTH_DELIMITED = 2;

    /** One field of a message: its number, wire type and bytes (the payload of length-delimited fields). */
    private record Field(int number, int wireType, byte[] raw) {}

    /** A node: the fields read, and all its fields for writing it back. */
    static final class Node {
        private final List<Field> fields;
        private final String opType;
        private final List<String> inputs;
        private final List<String> outputs;

        private Node(List<Field> fields) {
            this.fields = fields;
            String op = "";
            List<String> in = new ArrayList<>();
            List<String> out = new ArrayList<>();
            for (Field f : fields) {
                if (f.wireType() != LENGTH_DELIMITED) {
                    continue;
                }
                switch (f.number()) {
                    case NODE_INPUT -> in.add(text(f.raw()));
                    case NODE_OUTPUT -> out.add(text(f.raw()));
                    case NODE_OP_TYPE -> op = text(f.raw());
                    default -> {}
                }
            }
            this.opType = op;
            this.inputs = List.copyOf(in);
            this.outputs = List.copyOf(out);
        }

        /** A new default-domain node without attributes. */
        static Node of(String opType, String name, List<String> inputs, List<String> outputs) {
            List<Field> fields = new ArrayList<>();
            inputs.forEach(i -> fields.add(string(NODE_INPUT, i)));
            outputs.forEach(o -> fields.add(string(NODE_OUTPUT, o)));
            fields.add(string(NODE_NAME, name));
            fields.add(string(NODE_OP_TYPE, opType));
            return new Node(fields);
        }

        String opType() {
            return opType;
        }

        List<String> inputs() {
            return inputs;
        }

        List<String> outputs() {
            return outputs;
        }

        /** This node reading {@code to} wherever it read {@code from}. */
        Node withInputRenamed(String from, String to) {
            List<Field> renamed = new ArrayList<>(fields.size());
            for (Field f : fields) {
                boolean match = f.number() == NODE_INPUT
                        && f.wireType() == LENGTH_DELIMITED
                        && text(f.raw()).equals(from);
                renamed.add(match ? string(NODE_INPUT, to) : f);
            }
            return new Node(renamed);
        }

        /**
         * The integers of attribute {@code name}: one for an {@code int} attribute, any number for
         * {@code ints}; empty when the node does not have it.
         */
        List<Long> integers(String name) {
            for (Field f : fields) {
                if (f.number() != NODE_ATTRIBUTE || f.wireType() != LENGTH_DELIMITED) {
                    continue;
                }
                List<Field> attribute = fields(f.raw());
                boolean named = attribute.stream()
                        .anyMatch(a -> a.number() == ATTRIBUTE_NAME
                                && a.wireType() == LENGTH_DELIMITED
                                && text(a.raw()).equals(name));
                if (!named) {
                    continue;
                }
                List<Long> values = new ArrayList<>();
                for (Field a : attribute) {
                    boolean integer = a.number() == ATTRIBUTE_INT || a.number() == ATTRIBUTE_INTS;
                    if (integer && a.wireType() == VARINT) {
                        values.add(varint(a.raw(), new int[] {keyLength(a.raw())}));
                    } else if (a.number() == ATTRIBUTE_INTS && a.wireType() == LENGTH_DELIMITED) {
                        // Packed: the payload is the varints one after another.
                        int[] pos = {0};
                        while (pos[0] < a.raw().length) {
                            values.add(varint(a.raw(), pos));
                        }
                    }
                }
                return values;
            }
            return List.of();
        }

        private byte[] encode() {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            fields.forEach(f -> write(out, f));
            return out.toByteArray();
        }
    }

    private final List<Field> modelFields;
    private final int graphIndex;
    private final List<Field> graphFields;
    private final List<Node> nodes = new ArrayList<>();
    private final Set<String> initializers = new HashSet<>();
    private final List<String> graphInputs = new ArrayList<>();
    private final Map<String, Node> producers = new HashMap<>();
    private final Map<String, List<Node>> consumers = new HashMap<>();
    private final long opset;

    private OnnxGraph(byte[] model) {
        this.modelFields = fields(model);
        int graph = -1;
        long version = 0;
        for (int i = 0; i < modelFields.size(); i++) {
            Field f = modelFields.get(i);
            if (f.number() == MODEL_GRAPH && f.wireType() == LENGTH_DELIMITED) {
                graph = i;
            } else if (f.number() == MODEL_OPSET_IMPORT && f.wireType() == LENGTH_DELIMITED) {
                String domain = "";
                long v = 0;
                for (Field o : fields(f.raw())) {
                    if (o.number() == OPSET_DOMAIN && o.wireType() == LENGTH_DELIMITED) {
                        domain = text(o.raw());
                    } else if (o.number() == OPSET_VERSION && o.wireType() == VARINT) {
                        v = varint(o.raw(), new int[] {keyLength(o.raw())});
                    }
                }
                if (domain.isEmpty() || domain.equals("ai.onnx")) {
                    version = v;
                }
            }
        }
        if (graph < 0) {
            throw new IllegalArgumentException("no graph in the model");
        }
        this.graphIndex = graph;
        this.opset = version;
        this.graphFields = fields(modelFields.get(graph).raw());
        for (Field f : graphFields) {
            if (f.wireType() != LENGTH_DELIMITED) {
                continue;
            }
            switch (f.number()) {
                case GRAPH_NODE -> {
                    Node n = new Node(fields(f.raw()));
                    nodes.add(n);
                    n.outputs().forEach(o -> producers.put(o, n));
                    n.inputs()
                            .forEach(i -> consumers
                                    .computeIfAbsent(i, k -> new ArrayList<>())
                                    .add(n));
                }
                case GRAPH_INITIALIZER -> initializers.add(stringField(f.raw(), TENSOR_NAME));
                case GRAPH_INPUT -> graphInputs.add(stringField(f.raw(), VALUE_INFO_NAME));
                default -> {}
            }
        }
    }

    /**
     * Reads a model.
     *
     * @throws IllegalArgumentException when the bytes are not a protocol buffer with a graph
     */
    static OnnxGraph read(byte[] model) {
        return new OnnxGraph(model);
    }

    /** The nodes in file order, which ONNX requires to be topological. */
    List<Node> nodes() {
        return nodes;
    }

    /** The node computing a value, or null for graph inputs and initializers. */
    Node producer(String value) {
        return producers.get(value);
    }

    /** The nodes reading a value. */
    List<Node> consumers(String value) {
        return consumers.getOrDefault(value, List.of());
    }

    /** The names of the initializers (the weights). */
    Set<String> initializers() {
        return initializers;
    }

    List<String> graphInputs() {
        return graphInputs;
    }

    /** The version of the default operator set the model imports, 0 if none is declared. */
    long opset() {
        return opset;
    }

    /** The model with {@code newNodes} as its node list (in that order) and initializers added. */
    byte[] write(List<Node> newNodes, List<byte[]> addedInitializers) {
        ByteArrayOutputStream graph =
                new ByteArrayOutputStream(modelFields.get(graphIndex).raw().length);
        boolean nodesWritten = false;
        for (Field f : graphFields) {
            if (f.number() == GRAPH_NODE && f.wireType() == LENGTH_DELIMITED) {
                if (!nodesWritten) {
                    newNodes.forEach(n -> write(graph, new Field(GRAPH_NODE, LENGTH_DELIMITED, n.encode())));
                    nodesWritten = true;
                }
            } else {
                write(graph, f);
            }
        }
        addedInitializers.forEach(t -> write(graph, new Field(GRAPH_INITIALIZER, LENGTH_DELIMITED, t)));
        ByteArrayOutputStream out = new ByteArrayOutputStream(graph.size() + 1024);
        for (int i = 0; i < modelFields.size(); i++) {
            Field f = modelFields.get(i);
            write(out, i == graphIndex ? new Field(f.number(), f.wireType(), graph.toByteArray()) : f);
        }
        return out.toByteArray();
    }

    /** A one-dimensional int64 initializer (a {@code TensorProto} with raw data). */
    static byte[] int64Initializer(String name, long... values) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writeVarint(out, ((long) TENSOR_DIMS << 3) | VARINT);
        writeVarint(out, values.length);
        writeVarint(out, ((long) TENSOR_DATA_TYPE << 3) | VARINT);
        writeVarint(out, TENSOR_INT64);
        write(out, string(TENSOR_NAME, name));
        ByteBuffer data = ByteBuffer.allocate(8 * values.length).order(ByteOrder.LITTLE_ENDIAN);
        for (long v : values) {
            data.putLong(v);
        }
        write(out, new Field(TENSOR_RAW_DATA, LENGTH_DELIMITED, data.array()));
        return out.toByteArray();
    }

    private static Field string(int number, String value) {
        return new Field(number, LENGTH_DELIMITED, value.getBytes(StandardCharsets.UTF_8));
    }

    private static String text(byte[] raw) {
        return new String(raw, StandardCharsets.UTF_8);
    }

    /** The string field {@code number} of a message, empty if absent. */
    private static String stringField(byte[] message, int number) {
        for (Field f : fields(message)) {
            if (f.number() == number && f.wireType() == LENGTH_DELIMITED) {
                return text(f.raw());
            }
        }
        return "";
    }

    /**
     * The fields of a message in order; varint, fixed and length-delimited wire types. Fields other
     * than length-delimited ones keep their key in {@code raw}.
     */
    private static List<Field> fields(byte[] message) {
        List<Field> fields = new ArrayList<>();
        int[] pos = {0};
        while (pos[0] < message.length) {
            int start = pos[0];
            long key = varint(message, pos);
            int number = (int) (key >>> 3);
            int wireType = (int) (key & 7);
            switch (wireType) {
                case VARINT -> varint(message, pos);
                case 1 -> pos[0] += 8;
                case 5 -> pos[0] += 4;
                case LENGTH_DELIMITED -> {
                    long len = varint(message, pos);
                    if (len < 0 || pos[0] + len > message.length) {
                        throw new IllegalArgumentException("truncated field " + number);
                    }
                    byte[] payload = new byte[(int) len];
                    System.arraycopy(message, pos[0], payload, 0, (int) len);
                    pos[0] += (int) len;
                    fields.add(new Field(number, wireType, payload));
                    continue;
                }
                default -> throw new IllegalArgumentException("unsupported wire type " + wireType);
            }
            if (pos[0] > message.length) {
                throw new IllegalArgumentException("truncated field " + number);
            }
            byte[] raw = new byte[pos[0] - start];
            System.arraycopy(message, start, raw, 0, raw.length);
            fields.add(new Field(number, wireType, raw));
        }
        return fields;
    }

    /** The length of the key varint at the start of a non-length-delimited field's raw bytes. */
    private static int keyLength(byte[] raw) {
        int i = 0;
        while (raw[i] < 0) {
            i++;
        }
        return i + 1;
    }

    /** Writes a field: length-delimited ones with their key and length, others as their raw bytes. */
    private static void write(ByteArrayOutputStream out, Field f) {
        if (f.wireType() == LENGTH_DELIMITED) {
            writeVarint(out, ((long) f.number() << 3) | LENGTH_DELIMITED);
            writeVarint(out, f.raw().length);
        }
        out.writeBytes(f.raw());
    }

    private static long varint(byte[] b, int[] pos) {
        long value = 0;
        for (int shift = 0; shift < 64; shift += 7) {
            if (pos[0] >= b.length) {
                throw new IllegalArgumentException("truncated varint");
            }
            byte x = b[pos[0]++];
            value |= (long) (x & 0x7f) << shift;
            if (x >= 0) {
                return value;
            }
        }
        throw new IllegalArgumentException("malformed varint");
    }

    private static void writeVarint(ByteArrayOutputStream out, long value) {
        while ((value & ~0x7fL) != 0) {
            out.write((int) ((value & 0x7f) | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }
}
