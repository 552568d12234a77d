package io.github.raglens.providers;

import java.util.List;

/**
 * One batch in the checkpoint ({@code batches.jsonl}): enough for a later process to find a batch
 * that is still running and wait for it instead of sending its requests again.
 *
 * @param batchId the batch's id
 * @param server the provider, base URL and model the batch was sent to
 * @param inputFileId the uploaded input file
 * @param customIds the {@code custom_id} of every request in it
 * @param status {@code pending} while the batch may still change, {@code ended} once its lines were
 *     handed out
 */
record BatchEntry(String batchId, String server, String inputFileId, List<String> customIds, String status) {

    static final String PENDING = "pending";
    static final String ENDED = "ended";

    BatchEntry {
        customIds = List.copyOf(customIds);
    }

    BatchEntry ended() {
        return new BatchEntry(batchId, server, inputFileId, customIds, ENDED);
    }
}
