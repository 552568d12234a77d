package io.github.raglens.cli;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntConsumer;
import java.util.function.IntSupplier;

/**
 * What Ctrl-C (SIGINT) and SIGTERM do to a running command: the first interrupts it and waits up to
 * {@value RaglensCli#STOP_GRACE_SECONDS} s for it to keep what it finished and stop, and the process
 * exits with 128 + the signal's number; a second ends the process at once.
 *
 * <p>The first signal is taken before the JVM starts shutting down, so the command finishes while
 * every library still works: the JVM runs its shutdown hooks all at once, and ONNX Runtime's frees
 * its native environment, so a stage still embedding its last slice when the hooks began crashed the
 * JVM (exit 134). The JDK's signal API ({@code sun.misc.Signal} in {@code jdk.unsupported}) is
 * reached by reflection, because javac refuses internal API under {@code -Werror}. Where a signal
 * cannot be taken (a JVM without that API, or run with {@code -Xrs}), a shutdown hook stops the
 * command instead.
 */
final class StopSignals {

    private static final String[] SIGNALS = {"INT", "TERM"};

    /** The number of the signal that asked the command to stop; 0 while none has. */
    private static final AtomicInteger STOPPED_BY = new AtomicInteger();

    private StopSignals() {}

    /** Whether a signal asked the command to stop. */
    static boolean stopping() {
        return STOPPED_BY.get() != 0;
    }

    /**
     * Runs the command on this thread, which the first signal interrupts.
     *
     * @return the command's exit code, or 128 + the number of the signal that stopped it
     */
    static int run(IntSupplier command, PrintWriter err) {
        Thread main = Thread.currentThread();
        CountDownLatch finished = new CountDownLatch(1);
        onSignal(number -> {
            if (!stop(number, main, finished, err)) {
                Runtime.getRuntime().exit(128 + number);
            }
        });
        // The JVM exits with the signal's own code after its hooks; the number recorded only marks the stop.
        Runtime.getRuntime()
                .addShutdownHook(
                        new Thread(() -> stop(RaglensCli.EXIT_INTERRUPTED - 128, main, finished, err), "raglens-stop"));
        int code;
        try {
            code = command.getAsInt();
        } finally {
            finished.countDown();
        }
        return stopping() ? 128 + STOPPED_BY.get() : code;
    }

    /**
     * Stops the command once: interrupts it and waits for it.
     *
     * @return false when the command did not stop within the grace period
     */
    private static boolean stop(int signal, Thread main, CountDownLatch finished, PrintWriter err) {
        if (finished.getCount() == 0 || !STOPPED_BY.compareAndSet(0, signal)) {
            return true;
        }
        onSignal(number -> {
            err.println("raglens: stopped at once; records finished so far are on disk, a torn last line is"
                    + " dropped on the next run");
            err.flush();
            Runtime.getRuntime().halt(128 + number);
        });
        err.println("raglens: interrupted; stopping and keeping everything finished so far; run the same command"
                + " again to resume (Ctrl-C again stops at once)");
        main.interrupt();
        try {
            if (finished.await(RaglensCli.STOP_GRACE_SECONDS, TimeUnit.SECONDS)) {
                return true;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        err.println("raglens: the stage did not stop within " + RaglensCli.STOP_GRACE_SECONDS
                + " s; finished records are on disk, a torn last line is dropped on the next run");
        return false;
    }

    /**
     * From now on, SIGINT and SIGTERM run the action (with the signal's number) on a thread of their
     * own instead of shutting the JVM down; a signal this JVM does not let a program take (an ignored
     * SIGINT in a background job) keeps its handling.
     */
    private static void onSignal(IntConsumer action) {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            Method number = signal.getMethod("getNumber");
            InvocationHandler onSignal = (proxy, method, args) -> switch (method.getName()) {
                case "handle" -> {
                    action.accept((Integer) number.invoke(args[0]));
                    yield null;
                }
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> "raglens signal handler";
            };
            Object handler =
                    Proxy.newProxyInstance(handlerType.getClassLoader(), new Class<?>[] {handlerType}, onSignal);
            for (String name : SIGNALS) {
                try {
                    signal.getMethod("handle", signal, handlerType)
                            .invoke(null, signal.getConstructor(String.class).newInstance(name), handler);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // This signal is reserved here; the shutdown hook stops the command.
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // No signal API on this JVM; the shutdown hook stops the command.
        }
    }
}
