package io.github.raglens.eval.answers;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.HostileText;
import io.github.raglens.fuzz.StoreRoundTrip;
import java.util.ArrayList;
import java.util.List;

/** {@code answers.jsonl}, the store of generated answers. */
class AnswersStoreFuzzTest {

    private final StoreRoundTrip<AnswerRecord> store =
            new StoreRoundTrip<>(AnswerRecord.class, AnswerRecord::key, AnswersStoreFuzzTest::answer);

    @HostileInputTest
    void keepsEveryRecordThroughDamage(FuzzedDataProvider data) {
        store.check(data);
    }

    private static AnswerRecord answer(FuzzedDataProvider data) {
        return new AnswerRecord(
                HostileText.next(data, 20),
                HostileText.next(data, 20),
                texts(data),
                texts(data),
                HostileText.next(data, 80),
                HostileText.next(data, 20),
                data.pickValue(new String[] {AnswerRecord.OK, AnswerRecord.FAILED, HostileText.next(data, 10)}),
                data.consumeBoolean() ? null : HostileText.next(data, 40),
                data.consumeBoolean() ? null : HostileText.next(data, 40),
                data.consumeBoolean() ? null : HostileText.next(data, 20));
    }

    private static List<String> texts(FuzzedDataProvider data) {
        List<String> out = new ArrayList<>();
        for (int i = data.consumeInt(0, 3); i > 0; i--) {
            out.add(HostileText.next(data, 40));
        }
        return out;
    }
}
