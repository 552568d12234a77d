package io.github.raglens;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.HostileText;
import io.github.raglens.fuzz.StoreRoundTrip;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A workspace's run index ({@code run-index.jsonl}): every benchmark and evaluate run appends its
 * record, and the studio and {@code RagLens.runs()} read it while a run may be appending.
 */
class RunIndexFuzzTest {

    private static final String[] KINDS = {RunRecord.BENCHMARK, RunRecord.EVALUATE, RunRecord.EXISTING};

    private final StoreRoundTrip<RunRecord> store =
            new StoreRoundTrip<>(RunRecord.class, RunRecord::id, RunIndexFuzzTest::run);

    @HostileInputTest
    void keepsEveryRecordThroughDamage(FuzzedDataProvider data) {
        store.check(data);
    }

    private static RunRecord run(FuzzedDataProvider data) {
        return new RunRecord(
                HostileText.next(data, 10),
                data.consumeBoolean() ? data.pickValue(KINDS) : HostileText.next(data, 10),
                HostileText.next(data, 30),
                HostileText.next(data, 30),
                texts(data),
                texts(data),
                texts(data),
                estimates(data),
                texts(data));
    }

    private static Map<String, String> texts(FuzzedDataProvider data) {
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = data.consumeInt(0, 3); i > 0; i--) {
            out.put(HostileText.next(data, 15), HostileText.next(data, 30));
        }
        return out;
    }

    private static List<RunRecord.Estimate> estimates(FuzzedDataProvider data) {
        List<RunRecord.Estimate> out = new ArrayList<>();
        for (int i = data.consumeInt(0, 3); i > 0; i--) {
            out.add(new RunRecord.Estimate(
                    data.pickValue(new String[] {RunRecord.Estimate.RETRIEVAL, RunRecord.Estimate.JUDGE}),
                    HostileText.next(data, 15),
                    HostileText.next(data, 15),
                    data.consumeDouble(),
                    data.consumeDouble(),
                    data.consumeDouble(),
                    data.consumeInt()));
        }
        return out;
    }
}
