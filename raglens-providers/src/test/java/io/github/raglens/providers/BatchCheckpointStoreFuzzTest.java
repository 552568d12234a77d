package io.github.raglens.providers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.HostileText;
import io.github.raglens.fuzz.StoreRoundTrip;
import java.util.ArrayList;
import java.util.List;

/** {@code batches.jsonl}, the Batch API's checkpoint of the batches sent and ended. */
class BatchCheckpointStoreFuzzTest {

    private final StoreRoundTrip<BatchEntry> store =
            new StoreRoundTrip<>(BatchEntry.class, BatchEntry::batchId, BatchCheckpointStoreFuzzTest::entry);

    @HostileInputTest
    void keepsEveryRecordThroughDamage(FuzzedDataProvider data) {
        store.check(data);
    }

    private static BatchEntry entry(FuzzedDataProvider data) {
        List<String> ids = new ArrayList<>();
        for (int i = data.consumeInt(0, 3); i > 0; i--) {
            ids.add(HostileText.next(data, 20));
        }
        return new BatchEntry(
                HostileText.next(data, 20),
                HostileText.next(data, 30),
                HostileText.next(data, 20),
                ids,
                data.pickValue(
                        new String[] {BatchEntry.PENDING, BatchEntry.ENDED, BatchEntry.LOST, HostileText.next(data, 10)
                        }),
                HostileText.next(data, 40));
    }
}
