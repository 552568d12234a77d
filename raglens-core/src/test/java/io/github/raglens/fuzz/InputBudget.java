package io.github.raglens.fuzz;

import com.sun.management.ThreadMXBean;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.util.concurrent.Callable;

/**
 * The memory one fuzz input may cost a reader: the bytes the reading thread allocates while it reads
 * (garbage included), measured by the JVM. A reader that allocates past it on a small input (a length
 * field taken at its word, a decompression bomb, a quadratic copy) is a finding, long before the heap
 * runs out. The time limit per input is the fuzz test's {@code @Timeout} (regression mode) and
 * libFuzzer's {@code -timeout} (campaigns).
 *
 * @param maxAllocatedBytes the most the reading thread may allocate for one input
 */
public record InputBudget(long maxAllocatedBytes) {

    /** Enough for any reader of a small file or reply: 64 MiB. */
    public static final InputBudget DEFAULT = new InputBudget(64L << 20);

    private static final ThreadMXBean THREADS = (ThreadMXBean) ManagementFactory.getThreadMXBean();
    private static final ClassLoadingMXBean CLASSES = ManagementFactory.getClassLoadingMXBean();

    /** Validates the bound. */
    public InputBudget {
        if (maxAllocatedBytes < 1) {
            throw new IllegalArgumentException("maxAllocatedBytes must be >= 1, was " + maxAllocatedBytes);
        }
    }

    /** A budget of this many mebibytes. */
    public static InputBudget mebibytes(long mib) {
        return new InputBudget(mib << 20);
    }

    /**
     * Runs the read on this thread and checks what it allocated, whether it returned or threw.
     *
     * @throws AssertionError when the read allocated past the budget
     * @throws Exception what the read threw, when it stayed within the budget
     */
    <T> T spend(Callable<T> read) throws Exception {
        long classesBefore = CLASSES.getTotalLoadedClassCount();
        long before = THREADS.getCurrentThreadAllocatedBytes();
        T result;
        try {
            result = read.call();
        } finally {
            long spent = THREADS.getCurrentThreadAllocatedBytes() - before;
            // An input that first reaches some code pays once for loading (and, in a campaign,
            // instrumenting) its classes: not the reader's cost. A reader that really allocates too
            // much does so again on the next such input, and is caught then.
            boolean firstReach = CLASSES.getTotalLoadedClassCount() != classesBefore;
            if (spent > maxAllocatedBytes && !firstReach) {
                throw new AssertionError("finding: the reader allocated " + (spent >> 20) + " MiB for one input,"
                        + " past the bound of " + (maxAllocatedBytes >> 20) + " MiB");
            }
        }
        return result;
    }
}
