package io.github.raglens.cli;

import java.io.PrintWriter;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Proxy;

/**
 * Makes a second Ctrl-C (or SIGTERM) end the process at once while the first one's graceful stop is
 * still running: the JVM runs its shutdown hooks once, and a later signal would otherwise wait for
 * them. The JDK's signal API ({@code sun.misc.Signal} in {@code jdk.unsupported}) is reached by
 * reflection, because javac refuses internal API under {@code -Werror}; on a JVM without it the
 * grace period still bounds the wait.
 */
final class SecondSignal {

    private SecondSignal() {}

    /** From now on, SIGINT and SIGTERM halt the JVM with {@link RaglensCli#EXIT_INTERRUPTED}. */
    static void haltOnNext(PrintWriter err) {
        try {
            Class<?> signal = Class.forName("sun.misc.Signal");
            Class<?> handlerType = Class.forName("sun.misc.SignalHandler");
            InvocationHandler onSignal = (proxy, method, args) -> switch (method.getName()) {
                case "handle" -> {
                    err.println("raglens: stopped at once; records finished so far are on disk, a torn last"
                            + " line is dropped on the next run");
                    err.flush();
                    Runtime.getRuntime().halt(RaglensCli.EXIT_INTERRUPTED);
                    yield null;
                }
                case "hashCode" -> System.identityHashCode(proxy);
                case "equals" -> proxy == args[0];
                default -> "raglens second-signal handler";
            };
            Object handler =
                    Proxy.newProxyInstance(handlerType.getClassLoader(), new Class<?>[] {handlerType}, onSignal);
            for (String name : new String[] {"INT", "TERM"}) {
                try {
                    signal.getMethod("handle", signal, handlerType)
                            .invoke(null, signal.getConstructor(String.class).newInstance(name), handler);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    // This signal is ignored or reserved here (a background job ignores SIGINT).
                }
            }
        } catch (ReflectiveOperationException | RuntimeException e) {
            // No signal API on this JVM.
        }
    }
}
