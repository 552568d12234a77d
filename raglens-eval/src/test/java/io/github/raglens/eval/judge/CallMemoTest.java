package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class CallMemoTest {

    @Test
    void once_concurrentAsksOfOneKey_runTheCallOnce_andShareItsAnswer() throws Exception {
        CallMemo memo = new CallMemo();
        AtomicInteger runs = new AtomicInteger();
        AtomicInteger shares = new AtomicInteger();
        CountDownLatch release = new CountDownLatch(1);
        List<Future<String>> answers = new ArrayList<>();
        try (ExecutorService pool = Executors.newVirtualThreadPerTaskExecutor()) {
            for (int i = 0; i < 16; i++) {
                answers.add(pool.submit(() -> memo.once(
                        "k",
                        () -> {
                            runs.incrementAndGet();
                            try {
                                release.await();
                            } catch (InterruptedException e) {
                                Thread.currentThread().interrupt();
                            }
                            return "answer";
                        },
                        shares::incrementAndGet)));
            }
            while (runs.get() + shares.get() < 16) {
                Thread.onSpinWait();
            }
            release.countDown();
            for (Future<String> f : answers) {
                assertThat(f.get()).isEqualTo("answer");
            }
        }
        assertThat(runs).hasValue(1);
        assertThat(shares).hasValue(15);
    }

    @Test
    void once_aStoppedCallIsForgotten_soTheNextAskSendsIt_butAFailureIsShared() {
        CallMemo memo = new CallMemo();
        assertThatThrownBy(() -> memo.once(
                        "k",
                        () -> {
                            throw new RunStopped("budget of $1.00 reached");
                        },
                        () -> {}))
                .isInstanceOf(RunStopped.class);
        assertThat(memo.once("k", () -> "sent later", () -> {})).isEqualTo("sent later");

        assertThatThrownBy(() -> memo.once(
                        "bad",
                        () -> {
                            throw new CellFailure("invalid-json", "not JSON");
                        },
                        () -> {}))
                .isInstanceOf(CellFailure.class);
        assertThatThrownBy(() -> memo.once("bad", () -> "never", () -> {}))
                .isInstanceOf(CellFailure.class)
                .hasMessage("not JSON");
    }
}
