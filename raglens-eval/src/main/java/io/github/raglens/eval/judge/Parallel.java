package io.github.raglens.eval.judge;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Function;

/** Runs the independent calls of one cell at the same time, on virtual threads. */
final class Parallel {

    private Parallel() {}

    /**
     * Applies {@code fn} to every item concurrently and returns the results in input order. The first
     * failure (in input order) is rethrown after all items finished.
     */
    static <T, R> List<R> map(List<T> items, Function<T, R> fn) {
        if (items.size() == 1) {
            return List.of(fn.apply(items.get(0)));
        }
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            List<Future<R>> futures = new ArrayList<>(items.size());
            for (T item : items) {
                futures.add(ex.submit(() -> fn.apply(item)));
            }
            List<R> out = new ArrayList<>(items.size());
            RuntimeException first = null;
            for (Future<R> f : futures) {
                try {
                    out.add(f.get());
                } catch (ExecutionException e) {
                    if (first == null) {
                        first = e.getCause() instanceof RuntimeException re
                                ? re
                                : new IllegalStateException(e.getCause());
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new RunStopped("interrupted");
                }
            }
            if (first != null) {
                throw first;
            }
            return out;
        }
    }

    /** Runs two computations concurrently. */
    static <A, B> Pair<A, B> both(java.util.function.Supplier<A> a, java.util.function.Supplier<B> b) {
        try (ExecutorService ex = Executors.newVirtualThreadPerTaskExecutor()) {
            Future<B> fb = ex.submit(b::get);
            A ra;
            try {
                ra = a.get();
            } catch (RuntimeException e) {
                fb.cancel(false);
                throw e;
            }
            try {
                return new Pair<>(ra, fb.get());
            } catch (ExecutionException e) {
                throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e.getCause());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new RunStopped("interrupted");
            }
        }
    }

    record Pair<A, B>(A first, B second) {}
}
