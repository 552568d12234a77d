package io.github.raglens.eval.scoring;

import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.judge.AnswerFreeCalls;
import io.github.raglens.eval.judge.CellFailure;
import io.github.raglens.eval.judge.JudgeSession;
import io.github.raglens.eval.judge.RepeatableMetric;
import io.github.raglens.eval.judge.RunStopped;
import io.github.raglens.eval.judge.ScoreBasis;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.model.Judgement;
import io.github.raglens.model.TokenUsage;
import io.github.raglens.result.Aggregation.SelfConsistency;
import io.github.raglens.result.ScoringSummary;
import io.github.raglens.result.ScoringSummary.JudgeStats;
import io.github.raglens.spi.Judge;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scores cases with metrics and appends every result to {@code scores.jsonl} the moment it is
 * known. A cell is keyed by (retriever, question, metric, judge model, metric version, repeat) and
 * remembers the hash of what it scored ({@link EvalCase#inputsHash()}): a rerun skips scored cells
 * whose answer and contexts are unchanged, retries failed ones, and a new answer, new contexts, a new
 * judge model or metric version scores anew only the cells it changes. With the session's call cache, calls completed by an interrupted run are not sent
 * again.
 *
 * <p>Every cell runs on its own virtual thread; the judge session's semaphore bounds the calls in
 * flight. Thread-safe; one {@link #score} at a time per scores file (the file is locked).
 */
public final class Scorer {

    private static final Logger LOG = LoggerFactory.getLogger(Scorer.class);

    private final Path scoresFile;
    private final JudgeSession session;
    private final List<Judge> metrics;
    private final Consumer<Progress> listener;
    // Repeat r of a judge metric is a metric of its own whose calls carry r in their keys.
    private final List<List<Judge>> byRepeat = new ArrayList<>();

    private Scorer(Builder b) {
        this.scoresFile = b.scoresFile;
        this.session = b.session;
        this.metrics = List.copyOf(b.metrics);
        this.listener = b.listener;
        if (metrics.isEmpty()) {
            throw new IllegalArgumentException("no metrics to score; name at least one");
        }
        if (session == null && metrics.stream().anyMatch(Judge::usesModel)) {
            throw new IllegalArgumentException("judge metrics need a judge session; call session(...)");
        }
        for (Judge m : metrics) {
            List<Judge> reps = new ArrayList<>();
            reps.add(m);
            if (m instanceof RepeatableMetric rm) {
                for (int r = 1; r < b.repeats; r++) {
                    reps.add(rm.repeat(r));
                }
            }
            byRepeat.add(List.copyOf(reps));
        }
    }

    /**
     * Starts a scorer writing to the scores file.
     *
     * @param scoresFile the {@code scores.jsonl} to append to
     * @return a builder
     */
    public static Builder builder(Path scoresFile) {
        return new Builder(scoresFile);
    }

    /**
     * Progress of a run, reported after every finished cell.
     *
     * @param done cells finished in this run (scored or failed)
     * @param total cells this run has to do
     * @param failed cells failed in this run
     * @param judge the judge session's calls, tokens and cost so far
     */
    public record Progress(int done, int total, int failed, JudgeStats judge) {}

    /**
     * What a run did, and the records of its cells as they stand after it.
     *
     * @param summary the counts, the judge's calls and why the run stopped, if it did
     * @param records the latest record of every cell the run was given (scored now, before, or
     *     failed) whose inputs are the case's: what an analysis of these cases reads, without reading
     *     the scores file again
     */
    public record Run(ScoringSummary summary, List<ScoreRecord> records) {
        /** Validates and copies. */
        public Run {
            Objects.requireNonNull(summary, "summary");
            records = List.copyOf(records);
        }
    }

    /**
     * Scores every case with every metric not yet scored.
     *
     * @param cases the cells to score
     * @return what the run did, with the cells' records
     */
    public Run score(List<EvalCase> cases) {
        // Every cell is planned before the first runs, so progress reports the run's total from the start.
        Scoring scoring = new Scoring(true, () -> {});
        try {
            cases.forEach(scoring::submit);
            ScoringSummary summary = scoring.finish();
            return new Run(summary, scoring.records());
        } finally {
            scoring.close();
        }
    }

    /** Cells per case: every metric, each judge metric once per repeat. */
    int cellsPerCase() {
        return byRepeat.stream().mapToInt(List::size).sum();
    }

    /**
     * Starts a run that scores cases as they are submitted, each cell on its own virtual thread at
     * once, so a live evaluation judges a cell while other cells are still being answered.
     *
     * @param onCellDone run after every submitted cell ends (scored, failed or not run), on its thread
     */
    Scoring start(Runnable onCellDone) {
        return new Scoring(false, onCellDone);
    }

    /** One run of the scorer: cases come in with {@link #submit}, {@link #finish} awaits them. */
    final class Scoring implements AutoCloseable {
        private final JsonlStore<ScoreRecord> store;
        private final ExecutorService cellThreads = Executors.newVirtualThreadPerTaskExecutor();
        private final List<Future<?>> futures = new ArrayList<>();
        private final List<Runnable> held = new ArrayList<>();
        private final boolean holdUntilFinish;
        private final Runnable onCellDone;
        private final AtomicInteger scored = new AtomicInteger();
        private final AtomicInteger failed = new AtomicInteger();
        private final AtomicInteger notRun = new AtomicInteger();
        private final AtomicInteger done = new AtomicInteger();
        private final AtomicInteger planned = new AtomicInteger();
        private final Map<String, Integer> reasons = new ConcurrentHashMap<>();
        /** Every cell submitted: its store key and the hash of the inputs it is scored on. */
        private final Map<String, String> submitted = new LinkedHashMap<>();
        /** What the judge's server says its model is, when it says: a score by another is judged again. */
        private final Optional<String> served;

        private int cells;
        private int already;
        private boolean closed;

        private Scoring(boolean holdUntilFinish, Runnable onCellDone) {
            this.holdUntilFinish = holdUntilFinish;
            this.onCellDone = onCellDone;
            this.served = session == null ? Optional.empty() : session.servedModel();
            this.store = JsonlStore.builder(scoresFile, ScoreRecord.class, ScoreRecord::key)
                    .forceEvery(16)
                    .open();
        }

        /**
         * Starts scoring every cell of the case not yet scored; thread-safe.
         *
         * @return the case's cells already scored by an earlier run, which are skipped
         */
        synchronized int submit(EvalCase c) {
            int skipped = 0;
            for (List<Judge> reps : byRepeat) {
                for (int rep = 0; rep < reps.size(); rep++) {
                    Judge m = reps.get(rep);
                    int repeat = rep;
                    cells++;
                    String judgeModel = m.usesModel() ? session.modelName() : ScoreRecord.NO_JUDGE;
                    String key = ScoreRecord.key(c.cell().on(m.metric()), judgeModel, m.version(), repeat);
                    submitted.put(key, c.inputsHash());
                    Optional<ScoreRecord> prior = store.get(key);
                    if (prior.isPresent()
                            && prior.get().isScored()
                            && prior.get().inputs().equals(c.inputsHash())
                            && prior.get().basis().equals(ScoreBasis.of(m, c.toJudgeInput()))
                            && (!m.usesModel() || prior.get().servedBy(served))) {
                        already++;
                        skipped++;
                        continue;
                    }
                    planned.incrementAndGet();
                    Runnable task = () -> {
                        try {
                            cell(c, m, judgeModel, repeat);
                        } finally {
                            onCellDone.run();
                        }
                    };
                    if (holdUntilFinish) {
                        held.add(task);
                    } else {
                        futures.add(cellThreads.submit(task));
                    }
                }
            }
            return skipped;
        }

        /**
         * Asks, each on a virtual thread of the run, the calls of every judge metric (and repeat)
         * that read no answer ({@link AnswerFreeCalls}) for a pair whose answer is being asked for:
         * its cells find them done when the answer arrives. A failure is left for the cell to meet.
         */
        void askBeforeAnswer(String question, String reference, List<String> contexts) {
            if (session == null || session.stopReason().isPresent()) {
                return;
            }
            for (List<Judge> reps : byRepeat) {
                for (Judge m : reps) {
                    if (m instanceof AnswerFreeCalls early) {
                        cellThreads.submit(() -> askQuietly(early, question, reference, contexts));
                    }
                }
            }
        }

        private void askQuietly(AnswerFreeCalls early, String question, String reference, List<String> contexts) {
            try {
                early.askBeforeAnswer(question, reference, contexts);
            } catch (CellFailure | RunStopped e) {
                // the cell asks the same call and records the failure
            } catch (RuntimeException e) {
                LOG.debug("a call asked before the answer failed; the cell asks it again", e);
            }
        }

        private void cell(EvalCase c, Judge m, String judgeModel, int repeat) {
            ScoreRecord r = runCell(c, m, judgeModel, repeat);
            if (r == null) {
                notRun.incrementAndGet();
                return;
            }
            store.append(r);
            if (r.isScored()) {
                scored.incrementAndGet();
            } else {
                failed.incrementAndGet();
                reasons.merge(r.reason(), 1, Integer::sum);
            }
            if (listener != null) {
                Progress p = new Progress(done.incrementAndGet(), planned.get(), failed.get(), stats());
                try {
                    listener.accept(p);
                } catch (RuntimeException e) {
                    LOG.warn("the progress listener failed; scoring goes on: {}", e.toString());
                }
            }
        }

        /** Cells failed so far in this run. */
        int failed() {
            return failed.get();
        }

        /** Waits for every submitted cell; what the run did. */
        ScoringSummary finish() {
            List<Future<?>> all;
            synchronized (this) {
                held.forEach(t -> futures.add(cellThreads.submit(t)));
                held.clear();
                all = List.copyOf(futures);
            }
            cellThreads.close();
            // A cell whose result could not be stored (disk full, read-only folder) ends the run with
            // that error once every other cell is done and stored, instead of vanishing.
            for (Future<?> f : all) {
                if (f.state() == Future.State.FAILED) {
                    Throwable t = f.exceptionNow();
                    throw t instanceof RuntimeException re ? re : new IllegalStateException(t);
                }
            }
            Optional<String> stop = session == null ? Optional.empty() : session.stopReason();
            LOG.debug("scored {} cells, {} failed, {} left for a later run", scored.get(), failed.get(), notRun.get());
            int total = all.size();
            return new ScoringSummary(
                    cells,
                    already,
                    scored.get(),
                    failed.get(),
                    notRun.get() + Math.max(0, total - scored.get() - failed.get() - notRun.get()),
                    reasons,
                    stats(),
                    stop);
        }

        /**
         * The latest record of every submitted cell on the inputs it was submitted with, after
         * {@link #finish}: scored now or by an earlier run, or failed.
         */
        synchronized List<ScoreRecord> records() {
            List<ScoreRecord> out = new ArrayList<>();
            submitted.forEach((key, inputs) ->
                    store.get(key).filter(r -> r.inputs().equals(inputs)).ifPresent(out::add));
            return out;
        }

        /** Waits for the cells still running and closes the scores file. */
        @Override
        public void close() {
            if (!closed) {
                closed = true;
                cellThreads.close();
                store.close();
            }
        }
    }

    private JudgeStats stats() {
        return session == null ? new JudgeStats(0, 0, 0, TokenUsage.NONE, 0) : session.stats();
    }

    private ScoreRecord runCell(EvalCase c, Judge m, String judgeModel, int repeat) {
        if (session != null && session.stopReason().isPresent() && m.usesModel()) {
            return null;
        }
        Judgement j;
        String served = "";
        try {
            j = m.judge(c.toJudgeInput());
            if (m.usesModel()) {
                served = session.servedModel().orElse("");
            }
        } catch (RunStopped e) {
            return null;
        } catch (CellFailure e) {
            j = new Judgement.Failed(e.reason(), e.getMessage());
        } catch (RuntimeException e) {
            LOG.warn("metric {} threw on {} / {}: {}", m.metric(), c.retriever(), c.questionId(), e.toString());
            j = new Judgement.Failed("error", e.getClass().getSimpleName() + ": " + e.getMessage());
        }
        return switch (j) {
            case Judgement.Scored s ->
                new ScoreRecord(
                        c.retriever(),
                        c.questionId(),
                        m.metric(),
                        judgeModel,
                        m.version(),
                        ScoreRecord.SCORED,
                        s.score(),
                        "",
                        s.explanation(),
                        repeat,
                        c.inputsHash(),
                        served,
                        ScoreBasis.of(m, c.toJudgeInput()));
            case Judgement.Failed f ->
                new ScoreRecord(
                        c.retriever(),
                        c.questionId(),
                        m.metric(),
                        judgeModel,
                        m.version(),
                        ScoreRecord.FAILED,
                        null,
                        f.reason(),
                        f.detail(),
                        repeat,
                        c.inputsHash(),
                        served);
        };
    }

    /** Reads every record of a scores file (latest per key); an absent file gives an empty list. */
    public static List<ScoreRecord> read(Path scoresFile) {
        if (!java.nio.file.Files.exists(scoresFile)) {
            return List.of();
        }
        // without the store's lock: a reader must not stop a run that is appending, nor another reader
        return JsonlStore.read(scoresFile, ScoreRecord.class, ScoreRecord::key).records();
    }

    /** Configures a {@link Scorer}; not thread-safe. */
    public static final class Builder {
        private final Path scoresFile;
        private JudgeSession session;
        private List<Judge> metrics = List.of();
        private Consumer<Progress> listener;
        private int repeats = 1;

        private Builder(Path scoresFile) {
            this.scoresFile = Objects.requireNonNull(scoresFile, "scoresFile");
        }

        /** The judge session of the judge metrics. */
        public Builder session(JudgeSession session) {
            this.session = Objects.requireNonNull(session, "session");
            return this;
        }

        /** The metrics to run on every case. */
        public Builder metrics(List<Judge> metrics) {
            this.metrics = List.copyOf(metrics);
            return this;
        }

        /** Called after every finished cell, from the cell's thread; must be thread-safe. */
        public Builder progress(Consumer<Progress> listener) {
            this.listener = Objects.requireNonNull(listener, "listener");
            return this;
        }

        /**
         * How often every judge metric judges each cell (default 1). Repeat 0 is the score the
         * aggregation uses; repeats 1..n−1 are stored beside it ({@link ScoreRecord#repeat()}) for
         * {@link SelfConsistency}. Each repeat is a distinct judge call with the repeat in its key,
         * cached and resumed like any other: a rerun never sends a completed repeat again. The request
         * is the same (temperature 0), so self-consistency measures how stable the judge's verdicts
         * are run to run. Text metrics and judges of your own (any other {@link Judge}) run once.
         *
         * @throws IllegalArgumentException if {@code n < 1}
         */
        public Builder repeats(int n) {
            if (n < 1) {
                throw new IllegalArgumentException("repeats must be >= 1, was " + n);
            }
            this.repeats = n;
            return this;
        }

        /** Builds the scorer. */
        public Scorer build() {
            return new Scorer(this);
        }
    }
}
