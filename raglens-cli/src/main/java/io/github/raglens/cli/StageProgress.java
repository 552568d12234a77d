package io.github.raglens.cli;

import io.github.raglens.ProgressListener;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * Draws one progress bar per pipeline stage (see {@link ProgressBars}), in the order the stages
 * run: a stage's first report closes the bar of the stage before.
 */
final class StageProgress implements ProgressListener, AutoCloseable {

    private final BiFunction<String, Long, ProgressBars.Tracker> start;
    private final Map<String, ProgressBars.Tracker> bars = new HashMap<>();

    StageProgress(RaglensCli cli) {
        this((stage, total) -> ProgressBars.start(cli, stage, total));
    }

    /** Progress drawn by the trackers {@code start} makes for a stage and its total. */
    StageProgress(BiFunction<String, Long, ProgressBars.Tracker> start) {
        this.start = start;
    }

    @Override
    public synchronized void progress(String stage, long done, long total, String status) {
        if (!bars.containsKey(stage)) {
            // Stages run one after another: finish the previous bar so bars never share a line.
            close();
        }
        bars.computeIfAbsent(stage, s -> start.apply(s, total)).update(done, total, status);
    }

    @Override
    public synchronized void close() {
        bars.values().forEach(ProgressBars.Tracker::close);
        bars.clear();
    }
}
