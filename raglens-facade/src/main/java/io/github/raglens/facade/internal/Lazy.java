package io.github.raglens.facade.internal;

import java.util.function.Supplier;

/** Lazy creation of the parts that are expensive or need a server. */
public final class Lazy {

    private Lazy() {}

    /** A supplier that creates its value once, on first use, and then returns the same value. */
    public static <T> Supplier<T> of(Supplier<? extends T> factory) {
        return new Supplier<>() {
            private volatile T value;

            @Override
            public T get() {
                T v = value;
                if (v == null) {
                    synchronized (this) {
                        v = value;
                        if (v == null) {
                            v = factory.get();
                            value = v;
                        }
                    }
                }
                return v;
            }
        };
    }
}
