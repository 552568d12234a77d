package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import me.tongfei.progressbar.ProgressBarConsumer;
import org.junit.jupiter.api.Test;

/**
 * The bars a terminal shows, rendered into a fake terminal that keeps every frame: one bar per stage
 * in the order the stages run, each moving with the work to 100%, with a rate and an ETA.
 */
class TerminalProgressTest {

    private static final Pattern PERCENT = Pattern.compile("^(\\S+)\\s+(\\d+)%");
    /** Elapsed / ETA, then the rate ({@code ?} in the first second), then the status after a space. */
    private static final Pattern ETA_RATE_STATUS = Pattern.compile(
            "\\(\\d+:\\d\\d:\\d\\d / \\d+:\\d\\d:\\d\\d\\) (\\?|\\d+(\\.\\d+)?)/s bge-small-en-v1\\.5$");

    private static final Pattern NUMERIC_RATE = Pattern.compile(" \\d+(\\.\\d+)?/s ");

    /** A terminal that records each frame drawn into it. */
    private static final class FakeTerminal implements ProgressBarConsumer {
        final List<String> frames = Collections.synchronizedList(new ArrayList<>());

        @Override
        public int getMaxRenderedLength() {
            return 120;
        }

        @Override
        public void accept(String frame) {
            frames.add(frame.strip());
        }

        @Override
        public void close() {}
    }

    private record Frame(String stage, int percent, String text) {}

    private static List<Frame> parsed(List<String> frames) {
        List<Frame> out = new ArrayList<>();
        synchronized (frames) {
            for (String f : frames) {
                Matcher m = PERCENT.matcher(f);
                assertThat(m.find())
                        .as("frame '%s' starts with a stage and its percentage", f)
                        .isTrue();
                out.add(new Frame(m.group(1), Integer.parseInt(m.group(2)), f));
            }
        }
        return out;
    }

    @Test
    void stagesInARow_drawOneBarEach_inOrder_movingWithTheWork_withRateAndEta() throws InterruptedException {
        FakeTerminal terminal = new FakeTerminal();
        try (StageProgress progress =
                new StageProgress((stage, total) -> ProgressBars.terminal(stage, total, terminal))) {
            for (int i = 1; i <= 4; i++) {
                progress.progress("ingest", i, 4, "file-" + i + ".md");
                Thread.sleep(150);
            }
            progress.progress("index", 0, 5, "bge-small-en-v1.5");
            for (int i = 1; i <= 5; i++) {
                Thread.sleep(400);
                progress.progress("index", i, 5, "bge-small-en-v1.5");
            }
            progress.progress("benchmark", 0, 2, "28 questions × 2 retrievers");
            progress.progress("benchmark", 2, 2, "done");
        }
        List<Frame> frames = parsed(terminal.frames);

        List<String> bars = new ArrayList<>();
        for (Frame f : frames) {
            if (bars.isEmpty() || !bars.get(bars.size() - 1).equals(f.stage())) {
                bars.add(f.stage());
            }
        }
        assertThat(bars).as("one bar per stage, in order, never back").containsExactly("ingest", "index", "benchmark");

        // The clock thread may deliver a frame of the state before a step late; the steps themselves
        // are drawn in order, first-seen, and every bar ends full.
        for (String stage : bars) {
            List<Integer> percents = frames.stream()
                    .filter(f -> f.stage().equals(stage))
                    .map(Frame::percent)
                    .toList();
            assertThat(percents.stream().distinct().toList())
                    .as(stage + " moves forward")
                    .isSorted();
            assertThat(percents.get(percents.size() - 1))
                    .as(stage + " ends full")
                    .isEqualTo(100);
        }
        assertThat(frames.stream()
                        .filter(f -> f.stage().equals("index"))
                        .map(Frame::percent)
                        .distinct())
                .as("the index bar shows every step of the work, not a jump")
                .containsExactly(0, 20, 40, 60, 80, 100);
        List<String> indexFrames = frames.stream()
                .filter(f -> f.stage().equals("index") && f.percent() > 0)
                .map(Frame::text)
                .toList();
        assertThat(indexFrames)
                .as("elapsed / ETA and the rate once it moves")
                .allSatisfy(f -> assertThat(f).containsPattern(ETA_RATE_STATUS));
        assertThat(indexFrames.get(indexFrames.size() - 1))
                .as("a rate once a second has passed")
                .containsPattern(NUMERIC_RATE);
    }
}
