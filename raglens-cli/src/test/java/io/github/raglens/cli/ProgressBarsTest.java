package io.github.raglens.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class ProgressBarsTest {

    private static final long SECOND = 1_000_000_000L;

    @Test
    void logLines_firstUpdate_thenEveryTenSeconds_thenTheEnd_withRateAndTimeLeft() {
        AtomicLong now = new AtomicLong(0);
        StringWriter out = new StringWriter();
        ProgressBars.LogLines lines = new ProgressBars.LogLines("index", 100, new PrintWriter(out, true), now::get);
        now.set(2 * SECOND);
        lines.update(10, 100, "bge-small-en-v1.5");
        now.set(5 * SECOND);
        lines.update(25, 100, "bge-small-en-v1.5");
        now.set(12 * SECOND);
        lines.update(60, 100, "bge-small-en-v1.5");
        now.set(20 * SECOND);
        lines.update(100, 100, "bge-small-en-v1.5");
        lines.close();
        assertThat(out.toString().split("\\R"))
                .containsExactly(
                        "index: 10/100 (10%), 5.0/s, 0:02 elapsed, 0:18 left · bge-small-en-v1.5",
                        "index: 60/100 (60%), 5.0/s, 0:12 elapsed, 0:08 left · bge-small-en-v1.5",
                        "index: 100/100 (100%), 5.0/s, 0:20 elapsed, done · bge-small-en-v1.5");
    }

    @Test
    void logLines_noRateInTheFirstSecond_andNoRepeatOfTheLastLine() {
        AtomicLong now = new AtomicLong(0);
        StringWriter out = new StringWriter();
        ProgressBars.LogLines lines = new ProgressBars.LogLines("ingest", 4, new PrintWriter(out, true), now::get);
        now.set(SECOND / 10);
        lines.update(1, 4, "a.md");
        now.set(11 * SECOND);
        lines.update(4, 4, "d.pdf");
        lines.close();
        assertThat(out.toString().split("\\R"))
                .containsExactly(
                        "ingest: 1/4 (25%), rate pending, 0:00 elapsed · a.md",
                        "ingest: 4/4 (100%), 0.4/s, 0:11 elapsed, done · d.pdf");
    }

    @Test
    void stageProgress_aStageThatLearnsItsTotalLate_countsAgainstTheTotalItLearned() {
        AtomicLong now = new AtomicLong(0);
        StringWriter out = new StringWriter();
        try (StageProgress progress = new StageProgress(
                (stage, total) -> new ProgressBars.LogLines(stage, total, new PrintWriter(out, true), now::get))) {
            progress.progress("evaluate", 0, 1, "250 questions × 1 systems");
            now.set(20 * SECOND);
            progress.progress("evaluate", 200, 500, "answering");
            now.set(40 * SECOND);
            progress.progress("evaluate", 500, 500, "judged");
        }
        assertThat(out.toString().split("\\R"))
                .containsExactly(
                        "evaluate: 0/1 (0%), rate pending, 0:00 elapsed · 250 questions × 1 systems",
                        "evaluate: 200/500 (40%), 10.0/s, 0:20 elapsed, 0:30 left · answering",
                        "evaluate: 500/500 (100%), 12.5/s, 0:40 elapsed, done · judged");
    }

    @Test
    void logLines_aTaskThatEndsShortOfItsTotal_saysItStopped() {
        AtomicLong now = new AtomicLong(0);
        StringWriter out = new StringWriter();
        ProgressBars.LogLines lines = new ProgressBars.LogLines("evaluate", 1, new PrintWriter(out, true), now::get);
        lines.update(0, 1, "");
        now.set(20 * SECOND);
        lines.update(100, 500, "answering stopped");
        lines.close();
        assertThat(out.toString().split("\\R"))
                .containsExactly(
                        "evaluate: 0/1 (0%), rate pending, 0:00 elapsed",
                        "evaluate: 100/500 (20%), 5.0/s, 0:20 elapsed, 1:20 left · answering stopped",
                        "evaluate: 100/500 (20%), 5.0/s, 0:20 elapsed, stopped · answering stopped");
    }
}
