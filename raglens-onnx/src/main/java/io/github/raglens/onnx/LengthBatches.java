package io.github.raglens.onnx;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * Groups tokenized texts into batches of similar length, so a batch padded to its longest text
 * wastes little: texts sorted by token count, cut when a batch reaches its text or token limit.
 */
final class LengthBatches {

    private LengthBatches() {}

    /**
     * The batches, each the indexes of its texts in ascending length, longest batch first (so
     * parallel runs do not end waiting on one long batch).
     *
     * @param ids the token ids of each text
     * @param alone whether every text is a batch of its own
     * @param batchSize the most texts of a batch
     * @param batchTokens the most texts × padded length of a batch; a text alone always fits
     */
    static List<int[]> of(long[][] ids, boolean alone, int batchSize, int batchTokens) {
        int n = ids.length;
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, c) -> Integer.compare(ids[a].length, ids[c].length));
        List<int[]> batches = new ArrayList<>();
        int from = 0;
        while (from < n) {
            int to = from + 1;
            // Sorted ascending, so the last text of a batch sets its padded length.
            while (!alone
                    && to < n
                    && to - from < batchSize
                    && (long) (to - from + 1) * ids[order[to]].length <= batchTokens) {
                to++;
            }
            int[] batch = new int[to - from];
            for (int r = 0; r < batch.length; r++) {
                batch[r] = order[from + r];
            }
            batches.add(batch);
            from = to;
        }
        Collections.reverse(batches);
        return batches;
    }
}
