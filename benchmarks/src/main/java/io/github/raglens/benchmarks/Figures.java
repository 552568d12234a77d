package io.github.raglens.benchmarks;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.internal.Json;
import java.util.Arrays;

/** The figures of one benchmark run, printed as one JSON object on the last line. */
final class Figures {

    private final ObjectNode node = Json.objectNode();

    Figures(String benchmark) {
        node.put("benchmark", benchmark);
    }

    /** A figure rounded to three decimals. */
    Figures put(String name, double value) {
        return put(name, value, 3);
    }

    /**
     * A figure rounded to {@code decimals} decimals (cosines close to 1 need more than three); null
     * when it could not be measured (NaN).
     */
    Figures put(String name, double value, int decimals) {
        if (Double.isFinite(value)) {
            double scale = Math.pow(10, decimals);
            node.put(name, Math.round(value * scale) / scale);
        } else {
            node.putNull(name);
        }
        return this;
    }

    Figures put(String name, long value) {
        node.put(name, value);
        return this;
    }

    Figures put(String name, String value) {
        node.put(name, value);
        return this;
    }

    /** Prints the figures as the last line of the benchmark's output. */
    void print() {
        try {
            System.out.println(Json.writer().writeValueAsString(node));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The median of the samples. */
    static double median(double[] samples) {
        double[] s = samples.clone();
        Arrays.sort(s);
        int n = s.length;
        return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
    }

    /** Peak heap use so far, in MiB, from the JVM's memory pools. */
    static double peakHeapMib() {
        long peak = 0;
        for (var pool : java.lang.management.ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == java.lang.management.MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak / (1024.0 * 1024.0);
    }
}
