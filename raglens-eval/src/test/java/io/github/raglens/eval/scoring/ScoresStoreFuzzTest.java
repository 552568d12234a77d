package io.github.raglens.eval.scoring;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.HostileText;
import io.github.raglens.fuzz.StoreRoundTrip;

/** {@code scores.jsonl}, the store of judged cells. */
class ScoresStoreFuzzTest {

    private static final double[] EDGES = {0, 1, -0.0, Double.MIN_VALUE, Double.NaN, Double.POSITIVE_INFINITY};

    private final StoreRoundTrip<ScoreRecord> store =
            new StoreRoundTrip<>(ScoreRecord.class, ScoreRecord::key, ScoresStoreFuzzTest::score);

    @HostileInputTest
    void keepsEveryRecordThroughDamage(FuzzedDataProvider data) {
        store.check(data);
    }

    private static ScoreRecord score(FuzzedDataProvider data) {
        return new ScoreRecord(
                HostileText.next(data, 20),
                HostileText.next(data, 20),
                HostileText.next(data, 20),
                HostileText.next(data, 20),
                HostileText.next(data, 10),
                data.pickValue(new String[] {ScoreRecord.SCORED, ScoreRecord.FAILED, HostileText.next(data, 10)}),
                switch (data.consumeInt(0, 2)) {
                    case 0 -> null;
                    case 1 -> data.pickValue(EDGES);
                    default -> data.consumeProbabilityDouble();
                },
                data.consumeBoolean() ? null : HostileText.next(data, 40),
                data.consumeBoolean() ? null : HostileText.next(data, 40),
                data.consumeInt(-1, 3),
                data.consumeBoolean() ? null : HostileText.next(data, 40),
                data.consumeBoolean() ? null : HostileText.next(data, 20));
    }
}
