package io.github.raglens.eval.judge;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NuggetBookTest {

    @TempDir
    Path dir;

    /** Every system's cell of a question asks for its nuggets at about the same time: they are made once. */
    @Test
    void aQuestionsNuggets_areMadeOnce_howeverManyCellsAskAtOnce() throws Exception {
        AtomicInteger made = new AtomicInteger();
        CountDownLatch start = new CountDownLatch(1);
        List<Future<QuestionNuggets>> asked = new ArrayList<>();
        try (NuggetBook book = NuggetBook.open(dir.resolve("nuggets.jsonl"), dir.resolve("assignments.jsonl"));
                ExecutorService cells = Executors.newFixedThreadPool(8)) {
            for (int cell = 0; cell < 8; cell++) {
                asked.add(cells.submit(() -> {
                    start.await();
                    return book.keptOrMade("q1", () -> {
                        made.incrementAndGet();
                        return new QuestionNuggets(
                                "q1",
                                "Who built it?",
                                "Acme.",
                                List.of(new Nugget("n1", "Acme built it", Nugget.Importance.VITAL, Nugget.BY_JUDGE)),
                                "fake/judge",
                                "1");
                    });
                }));
            }
            start.countDown();
            for (Future<QuestionNuggets> f : asked) {
                assertThat(f.get().nuggets()).hasSize(1);
            }
        }
        assertThat(made).hasValue(1);
        assertThat(NuggetBook.read(dir.resolve("nuggets.jsonl"))).hasSize(1);
    }

    /** A long evaluation runs work under a key per question and per answer: each key is let go when its work ends. */
    @Test
    void exclusiveWork_releasesItsKey_whenDone_evenWhenManyRunAtOnceOrOneFails() throws Exception {
        try (NuggetBook book = NuggetBook.inMemory();
                ExecutorService cells = Executors.newFixedThreadPool(8)) {
            List<Future<Integer>> runs = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                String key = "answer-" + (i % 50);
                int n = i;
                runs.add(cells.submit(() -> book.exclusively(key, () -> n)));
            }
            for (Future<Integer> f : runs) {
                f.get();
            }
            try {
                book.exclusively("failing", () -> {
                    throw new IllegalStateException("judge down");
                });
            } catch (IllegalStateException expected) {
                // the key is let go all the same
            }
            assertThat(book.keysHeld()).isZero();
        }
    }
}
