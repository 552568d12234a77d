package io.github.raglens.cli;

import java.io.Console;
import java.lang.reflect.Method;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress bars with an ETA, drawn on stderr only when it is a terminal and the user did not ask
 * for {@code --no-progress} or {@code --quiet}; otherwise a silent tracker.
 */
final class ProgressBars {

    /** A task's progress. Thread-safe. */
    interface Tracker extends AutoCloseable {
        /** Sets the steps done so far and a short status line. */
        void update(long done, String status);

        @Override
        void close();
    }

    private ProgressBars() {}

    /**
     * Starts a tracker for a task.
     *
     * @param cli the global options
     * @param task the task's name, e.g. {@code questions}
     * @param total steps of the task
     */
    static Tracker start(RaglensCli cli, String task, long total) {
        if (cli.noProgress || cli.quiet || !isTerminal()) {
            return new Tracker() {
                @Override
                public void update(long done, String status) {}

                @Override
                public void close() {}
            };
        }
        ProgressBar bar = new ProgressBarBuilder()
                .setTaskName(task)
                .setInitialMax(total)
                .setStyle(ProgressBarStyle.ASCII)
                .setUpdateIntervalMillis(250)
                .setConsumer(new ConsoleProgressBarConsumer(System.err))
                .setSpeedUnit(java.time.temporal.ChronoUnit.SECONDS)
                .showSpeed()
                .build();
        return new Tracker() {
            @Override
            public synchronized void update(long done, String status) {
                bar.stepTo(done);
                bar.setExtraMessage(status);
            }

            @Override
            public synchronized void close() {
                bar.close();
            }
        };
    }

    /** Whether stderr's console is an interactive terminal (JDK 22+ knows; 21 has a console only then). */
    static boolean isTerminal() {
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal");
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException e) {
            return true;
        }
    }
}
