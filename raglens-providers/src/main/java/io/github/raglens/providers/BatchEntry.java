package io.github.raglens.providers;

import com.fasterxml.jackson.annotation.JsonInclude;
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
 *     handed out, {@code lost} once the server would no longer give it or its replies back (its
 *     requests were sent again)
 * @param reason why a lost batch was given up, as the server said; empty otherwise
 */
record BatchEntry(
        String batchId,
        String server,
        String inputFileId,
        List<String> customIds,
        String status,
        @JsonInclude(JsonInclude.Include.NON_EMPTY) String reason) {

    static final String PENDING = "pending";
    static final String ENDED = "ended";
    static final String LOST = "lost";

    /** Copies the list; reads a missing reason as empty. */
    BatchEntry {
        customIds = List.copyOf(customIds);
        reason = reason == null ? "" : reason;
    }

    /** A batch just sent. */
    static BatchEntry pending(String batchId, String server, String inputFileId, List<String> customIds) {
        return new BatchEntry(batchId, server, inputFileId, customIds, PENDING, "");
    }

    BatchEntry ended() {
        return new BatchEntry(batchId, server, inputFileId, customIds, ENDED, "");
    }

    BatchEntry lost(String why) {
        return new BatchEntry(batchId, server, inputFileId, customIds, LOST, why);
    }
}
