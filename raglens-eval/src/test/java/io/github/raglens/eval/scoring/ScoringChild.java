package io.github.raglens.eval.scoring;

import io.github.raglens.eval.judge.Cases;
import io.github.raglens.eval.judge.ContextPrecision;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.Metrics;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.testkit.SimulatedJudge;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;

/**
 * The process the kill test kills: scores 20 questions × 5 retrievers with the four headline metrics
 * against a simulated judge with a few milliseconds of latency. Every reply the fake "server"
 * completes is appended to a log file, so the test can count requests sent twice.
 *
 * <p>Arguments: workspace, server log, latency in ms.
 */
final class ScoringChild {

    private ScoringChild() {}

    public static void main(String[] args) throws IOException {
        Path ws = Path.of(args[0]);
        Path log = Path.of(args[1]);
        long latency = Long.parseLong(args[2]);
        Object lock = new Object();
        SimulatedJudge judge = SimulatedJudge.of()
                .latency(Duration.ofMillis(latency))
                .onReply(key -> {
                    synchronized (lock) {
                        try {
                            Files.writeString(
                                    log,
                                    key + "\n",
                                    StandardCharsets.UTF_8,
                                    StandardOpenOption.CREATE,
                                    StandardOpenOption.APPEND);
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    }
                });
        try (JudgeSession s = JudgeSession.builder(judge)
                .concurrency(8)
                .callCache(ws.resolve("judge-calls.jsonl"))
                .build()) {
            System.out.println("started");
            System.out.flush();
            ScoringSummary summary = Scorer.builder(ws.resolve("scores.jsonl"))
                    .session(s)
                    .metrics(Metrics.create(JudgeMetric.defaults(), s, ContextPrecision.Mode.PER_CONTEXT))
                    .build()
                    .score(Cases.of(20, Cases.RETRIEVERS, 5))
                    .summary();
            System.out.println("done " + summary.scored() + " " + summary.alreadyScored());
        }
    }
}
