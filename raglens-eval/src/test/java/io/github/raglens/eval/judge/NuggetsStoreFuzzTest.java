package io.github.raglens.eval.judge;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import io.github.raglens.fuzz.HostileInputTest;
import io.github.raglens.fuzz.HostileText;
import io.github.raglens.fuzz.StoreRoundTrip;
import java.util.ArrayList;
import java.util.List;

/**
 * The nuggets of the questions ({@code nuggets.jsonl}), which people edit, and the judge's
 * assignments of them to answers ({@code nugget-assignments.jsonl}).
 */
class NuggetsStoreFuzzTest {

    private final StoreRoundTrip<QuestionNuggets> nuggets =
            new StoreRoundTrip<>(QuestionNuggets.class, QuestionNuggets::key, NuggetsStoreFuzzTest::questionNuggets);

    private final StoreRoundTrip<NuggetAssignment> assignments =
            new StoreRoundTrip<>(NuggetAssignment.class, NuggetAssignment::key, NuggetsStoreFuzzTest::assignment);

    @HostileInputTest
    void keepsEveryRecordThroughDamage(FuzzedDataProvider data) {
        if (data.consumeBoolean()) {
            nuggets.check(data);
        } else {
            assignments.check(data);
        }
    }

    private static QuestionNuggets questionNuggets(FuzzedDataProvider data) {
        List<Nugget> list = new ArrayList<>();
        for (int i = data.consumeInt(0, 4); i > 0; i--) {
            list.add(new Nugget(
                    HostileText.next(data, 5),
                    HostileText.next(data, 40),
                    data.pickValue(Nugget.Importance.values()),
                    data.pickValue(new String[] {Nugget.BY_JUDGE, Nugget.BY_PERSON, HostileText.next(data, 8)})));
        }
        return new QuestionNuggets(
                HostileText.next(data, 20),
                HostileText.next(data, 40),
                HostileText.next(data, 40),
                list,
                HostileText.next(data, 15),
                HostileText.next(data, 5));
    }

    private static NuggetAssignment assignment(FuzzedDataProvider data) {
        return new NuggetAssignment(
                HostileText.next(data, 20),
                HostileText.next(data, 20),
                HostileText.next(data, 5),
                HostileText.next(data, 40),
                data.pickValue(NuggetSupport.values()),
                data.consumeBoolean() ? null : HostileText.next(data, 40),
                HostileText.next(data, 15));
    }
}
