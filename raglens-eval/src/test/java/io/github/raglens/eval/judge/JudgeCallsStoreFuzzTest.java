package io.github.raglens.eval.judge;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.HostileText;
import io.github.raglens.fuzz.StoreRoundTrip;

/** The judge's call cache ({@code judge-calls.jsonl}): replies kept so that a rerun never pays twice. */
class JudgeCallsStoreFuzzTest {

    private final StoreRoundTrip<CallRecord> store =
            new StoreRoundTrip<>(CallRecord.class, CallRecord::key, JudgeCallsStoreFuzzTest::call);

    @HostileInputTest
    void keepsEveryRecordThroughDamage(FuzzedDataProvider data) {
        store.check(data);
    }

    private static CallRecord call(FuzzedDataProvider data) {
        return new CallRecord(
                HostileText.next(data, 40),
                HostileText.next(data, 20),
                HostileText.next(data, 200),
                data.consumeLong(),
                data.consumeLong(),
                data.consumeBoolean() ? null : HostileText.next(data, 20));
    }
}
