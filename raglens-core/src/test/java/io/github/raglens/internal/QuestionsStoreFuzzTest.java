package io.github.raglens.internal;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.ModelRecords;
import io.github.raglens.fuzz.StoreRoundTrip;
import io.github.raglens.model.QuestionSample;

/** {@code questions.jsonl}, the store of generated and imported questions. */
class QuestionsStoreFuzzTest {

    private final StoreRoundTrip<QuestionSample> store =
            new StoreRoundTrip<>(QuestionSample.class, QuestionSample::sourceChunkId, ModelRecords::question);

    @HostileInputTest
    void keepsEveryRecordThroughDamage(FuzzedDataProvider data) {
        store.check(data);
    }
}
