package io.github.raglens.eval.judge;

import io.github.raglens.result.ScoringSummary.JudgeStats;
import io.github.raglens.usage.UsageLedger;
import java.util.concurrent.atomic.LongAdder;

/** What a judge session's calls came to: sent, answered without sending, failed. Thread-safe. */
final class CallCounts {

    private final LongAdder sent = new LongAdder();
    private final LongAdder shared = new LongAdder();
    private final LongAdder failed = new LongAdder();

    void sent() {
        sent.increment();
    }

    /** A call answered from the call cache or by another metric's identical call. */
    void shared() {
        shared.increment();
    }

    void failed() {
        failed.increment();
    }

    /** The counts with the tokens and cost the ledger holds for {@code stage}. */
    JudgeStats stats(UsageLedger ledger, String stage) {
        return new JudgeStats(sent.sum(), shared.sum(), failed.sum(), ledger.usage(stage), ledger.costUsd(stage));
    }
}
