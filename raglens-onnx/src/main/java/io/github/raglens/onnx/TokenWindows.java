package io.github.raglens.onnx;

import java.util.Arrays;

/**
 * The model inputs of tokenized texts: a text that fits the model is one input; a longer one is cut
 * into windows that fit, or truncated to the first one.
 *
 * <p>Windows split the text's tokens (special tokens excluded) into the fewest equal parts that fit,
 * each wrapped in the text's leading and trailing special tokens ({@code [CLS]} and {@code [SEP]} for
 * BERT). Equal parts avoid a last window of a few tokens. The text's vector is the mean of its
 * windows' vectors weighted by their token counts, L2-normalised again: every token of the text has
 * the same weight in it, as LangChain4j's in-process models also do it.
 */
final class TokenWindows {

    private final long[][] ids;
    private final long[][] types;
    private final int[] owner;
    private final int[] weight;
    private final int texts;
    private final int longTexts;

    private TokenWindows(long[][] ids, long[][] types, int[] owner, int[] weight, int texts, int longTexts) {
        this.ids = ids;
        this.types = types;
        this.owner = owner;
        this.weight = weight;
        this.texts = texts;
        this.longTexts = longTexts;
    }

    /**
     * The inputs of texts tokenized with their special tokens.
     *
     * @param ids the token ids of each text
     * @param types the token type ids of each text, as long as its ids
     * @param special whether each token is a special one, as long as its ids
     * @param maxTokens the longest input the model takes, special tokens included
     * @param truncate whether a long text is cut to its first window instead of windowed whole
     */
    static TokenWindows of(long[][] ids, long[][] types, long[][] special, int maxTokens, boolean truncate) {
        int n = ids.length;
        int rows = 0;
        int[] windows = new int[n];
        int[] lead = new int[n];
        int[] trail = new int[n];
        int[] room = new int[n];
        int longTexts = 0;
        for (int i = 0; i < n; i++) {
            int len = ids[i].length;
            while (lead[i] < len && special[i][lead[i]] != 0) {
                lead[i]++;
            }
            while (trail[i] < len - lead[i] && special[i][len - 1 - trail[i]] != 0) {
                trail[i]++;
            }
            int content = len - lead[i] - trail[i];
            room[i] = Math.max(1, maxTokens - lead[i] - trail[i]);
            boolean tooLong = len > maxTokens;
            windows[i] = !tooLong ? 1 : truncate ? 1 : (content + room[i] - 1) / room[i];
            if (tooLong) {
                longTexts++;
            }
            rows += windows[i];
        }
        if (longTexts == 0) {
            return new TokenWindows(ids, types, null, null, n, 0);
        }
        long[][] rowIds = new long[rows][];
        long[][] rowTypes = new long[rows][];
        int[] owner = new int[rows];
        int[] weight = new int[rows];
        int r = 0;
        for (int i = 0; i < n; i++) {
            int len = ids[i].length;
            int content = len - lead[i] - trail[i];
            if (len <= maxTokens) {
                rowIds[r] = ids[i];
                rowTypes[r] = types[i];
                owner[r] = i;
                weight[r++] = Math.max(1, content);
                continue;
            }
            for (int w = 0; w < windows[i]; w++) {
                int from = truncate ? 0 : (int) ((long) content * w / windows[i]);
                int to = truncate ? room[i] : (int) ((long) content * (w + 1) / windows[i]);
                rowIds[r] = window(ids[i], lead[i], trail[i], from, to);
                rowTypes[r] = window(types[i], lead[i], trail[i], from, to);
                owner[r] = i;
                weight[r++] = to - from;
            }
        }
        return new TokenWindows(rowIds, rowTypes, owner, weight, n, longTexts);
    }

    /** The leading specials, content tokens {@code [from, to)} and the trailing specials of one text. */
    private static long[] window(long[] all, int lead, int trail, int from, int to) {
        long[] w = new long[lead + (to - from) + trail];
        System.arraycopy(all, 0, w, 0, lead);
        System.arraycopy(all, lead + from, w, lead, to - from);
        System.arraycopy(all, all.length - trail, w, lead + (to - from), trail);
        return w;
    }

    /** The token ids of each input. */
    long[][] ids() {
        return ids;
    }

    /** The token type ids of each input. */
    long[][] types() {
        return types;
    }

    /** How many texts were longer than the model's input (windowed or truncated). */
    int longTexts() {
        return longTexts;
    }

    /**
     * Stores each text's vector at {@code out[offset + text]}: its input's vector, or the normalised
     * token-weighted mean of its windows' vectors.
     *
     * @param inputVectors the L2-normalised vector of each input, in the order of {@link #ids()}
     */
    void combine(float[][] inputVectors, float[][] out, int offset) {
        if (owner == null) {
            System.arraycopy(inputVectors, 0, out, offset, texts);
            return;
        }
        float[][] sums = new float[texts][];
        int[] first = new int[texts];
        Arrays.fill(first, -1);
        for (int r = 0; r < owner.length; r++) {
            int t = owner[r];
            float[] v = inputVectors[r];
            if (first[t] < 0) {
                first[t] = r;
                out[offset + t] = v;
                continue;
            }
            if (sums[t] == null) {
                sums[t] = new float[v.length];
                accumulate(sums[t], inputVectors[first[t]], weight[first[t]]);
            }
            accumulate(sums[t], v, weight[r]);
        }
        for (int t = 0; t < texts; t++) {
            if (sums[t] != null) {
                EncoderSession.normalise(sums[t]);
                out[offset + t] = sums[t];
            }
        }
    }

    private static void accumulate(float[] sum, float[] v, int weight) {
        for (int d = 0; d < v.length; d++) {
            sum[d] += weight * v[d];
        }
    }
}
