package io.github.raglens.cli;

import java.io.Console;
import java.io.PrintWriter;
import java.lang.reflect.Method;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.function.LongSupplier;
import me.tongfei.progressbar.ConsoleProgressBarConsumer;
import me.tongfei.progressbar.ProgressBar;
import me.tongfei.progressbar.ProgressBarBuilder;
import me.tongfei.progressbar.ProgressBarConsumer;
import me.tongfei.progressbar.ProgressBarStyle;

/**
 * Progress bars with rate and ETA on stderr when it is a terminal; a progress line every {@value
 * #LOG_INTERVAL_SECONDS} s when it is not (CI logs); nothing with {@code --no-progress} or {@code
 * --quiet}.
 */
final class ProgressBars {

    /** A task's progress. Thread-safe. */
    interface Tracker extends AutoCloseable {
        /**
         * Sets the steps done so far, the task's steps as now known (a stage may learn its total only
         * once it starts the work) and a short status line.
         */
        void update(long done, long total, String status);

        @Override
        void close();
    }

    /** Seconds between two progress lines when stderr is not a terminal. */
    static final long LOG_INTERVAL_SECONDS = 10;

    private ProgressBars() {}

    /**
     * Starts a tracker for a task.
     *
     * @param cli the global options
     * @param task the task's name, e.g. {@code questions}
     * @param total steps of the task as known at its start
     */
    static Tracker start(RaglensCli cli, String task, long total) {
        if (cli.noProgress || cli.quiet) {
            return new Tracker() {
                @Override
                public void update(long done, long total, String status) {}

                @Override
                public void close() {}
            };
        }
        if (!isTerminal()) {
            return new LogLines(task, total, new PrintWriter(System.err, true), System::nanoTime);
        }
        return terminal(task, total, new ConsoleProgressBarConsumer(System.err));
    }

    /**
     * A bar with rate and ETA drawn into a terminal: redrawn at once by every update that moves it
     * (so it moves with the work), and every 250 ms in between for the clock.
     */
    static Tracker terminal(String task, long total, ProgressBarConsumer terminal) {
        return new Tracker() {
            // Built at the first update, from its state: a bar built before would draw 0% from its clock
            // thread after the first update's frame.
            private ProgressBar bar;

            @Override
            public synchronized void update(long done, long total, String status) {
                if (bar == null) {
                    bar = new ProgressBarBuilder()
                            .setTaskName(task)
                            .setInitialMax(total)
                            .startsFrom(done, Duration.ZERO)
                            .setStyle(ProgressBarStyle.ASCII)
                            .setUpdateIntervalMillis(250)
                            .setConsumer(terminal)
                            .setSpeedUnit(ChronoUnit.SECONDS)
                            .showSpeed()
                            .build();
                }
                bar.maxHint(total);
                bar.stepTo(done);
                // the bar draws the message right after the rate: keep a space between them
                bar.setExtraMessage(status.isEmpty() ? "" : " " + status);
                bar.refresh();
            }

            @Override
            public synchronized void close() {
                if (bar != null) {
                    bar.close();
                }
            }
        };
    }

    /**
     * Progress for a log (CI, a file): a line at the first update, then at most one every {@value
     * #LOG_INTERVAL_SECONDS} s, and one when the task ends, each with the rate and the time left; a
     * task that ends short of its total says it stopped.
     */
    static final class LogLines implements Tracker {
        private final String task;
        private long total;
        private final PrintWriter err;
        private final LongSupplier clock;
        private final long start;
        private long lastLine = Long.MIN_VALUE;
        private long printedDone = -1;
        private long done;
        private String status = "";

        LogLines(String task, long total, PrintWriter err, LongSupplier clock) {
            this.task = task;
            this.total = total;
            this.err = err;
            this.clock = clock;
            this.start = clock.getAsLong();
        }

        @Override
        public synchronized void update(long done, long total, String status) {
            this.done = done;
            this.total = total;
            this.status = status;
            long now = clock.getAsLong();
            if (lastLine == Long.MIN_VALUE || now - lastLine >= LOG_INTERVAL_SECONDS * 1_000_000_000L) {
                lastLine = now;
                printedDone = done;
                err.println(line(now));
            }
        }

        @Override
        public synchronized void close() {
            if (lastLine != Long.MIN_VALUE && (printedDone != done || done < total)) {
                err.println(line(clock.getAsLong(), true));
            }
        }

        String line(long now) {
            return line(now, false);
        }

        private String line(long now, boolean ended) {
            double seconds = (now - start) / 1e9;
            // Under a second the rate says nothing yet.
            double rate = seconds >= 1 ? done / seconds : 0;
            String left = done >= total
                    ? "done"
                    : ended ? "stopped" : rate > 0 ? clock((long) ((total - done) / rate)) + " left" : "";
            return String.format(
                    Locale.ROOT,
                    "%s: %d/%d (%d%%), %s, %s elapsed%s%s",
                    task,
                    done,
                    total,
                    total == 0 ? 100 : done * 100 / total,
                    rate > 0 ? String.format(Locale.ROOT, "%.1f/s", rate) : "rate pending",
                    clock((long) seconds),
                    left.isEmpty() ? "" : ", " + left,
                    status.isEmpty() ? "" : " · " + status);
        }

        private static String clock(long seconds) {
            return String.format(Locale.ROOT, "%d:%02d", seconds / 60, seconds % 60);
        }
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
