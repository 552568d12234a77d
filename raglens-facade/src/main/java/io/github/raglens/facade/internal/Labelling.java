package io.github.raglens.facade.internal;

import io.github.raglens.error.ParseException;
import io.github.raglens.eval.answers.AnswerGenerator;
import io.github.raglens.eval.answers.EvalCase;
import io.github.raglens.eval.answers.EvalCases;
import io.github.raglens.eval.baseline.BaselineRecorder;
import io.github.raglens.eval.scoring.LabelDrawer;
import io.github.raglens.eval.scoring.ScoreAnalysis;
import io.github.raglens.eval.scoring.ScoreRecord;
import io.github.raglens.eval.scoring.Scorer;
import io.github.raglens.internal.Cell;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.Baseline;
import io.github.raglens.result.Calibration;
import io.github.raglens.store.ChunksFile;
import io.github.raglens.store.HumanLabelsFile;
import io.github.raglens.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Human labels for calibrating the judge on the workspace's last evaluation: draws the cells to
 * label, checks a file of labels against what was evaluated, and calibrates the judge with them.
 */
public final class Labelling {

    private final Workspace workspace;
    private final Supplier<List<QuestionSample>> questions;

    /**
     * @param questions the workspace's questions, read once an evaluation is found, so a workspace
     *     without one is told what to run first
     */
    public Labelling(Workspace workspace, Supplier<List<QuestionSample>> questions) {
        this.workspace = workspace;
        this.questions = questions;
    }

    /**
     * Reads a file of labels and checks each against the evaluation it calibrates.
     *
     * @param file the labels
     * @param questionIds the workspace's questions
     * @param metrics the metrics evaluated
     * @param systems the systems evaluated
     * @return the labels, in file order
     * @throws ParseException naming the line of the first label of an unknown question, system or
     *     metric, or of a metric that calls no judge
     */
    static List<HumanLabel> read(
            Path file, Set<String> questionIds, Collection<String> metrics, Collection<String> systems) {
        HumanLabelsFile.Contents contents = HumanLabelsFile.read(file);
        for (HumanLabelsFile.Line line : contents.labels()) {
            HumanLabel l = line.label();
            String at = "line " + line.number() + ": ";
            if (!questionIds.contains(l.questionId())) {
                throw new ParseException(
                        file,
                        at + "question '" + l.questionId() + "' is not a question of this workspace; label the"
                                + " questions of questions.jsonl (raglens label-sample draws them)",
                        null);
            }
            if (!systems.contains(l.retriever())) {
                throw new ParseException(
                        file,
                        at + "retriever '" + l.retriever() + "' was not evaluated; the systems are "
                                + String.join(", ", new TreeSet<>(systems)),
                        null);
            }
            if (!metrics.contains(l.metric()) || !usesJudge(l.metric())) {
                throw new ParseException(
                        file,
                        at + "metric '" + l.metric() + "' is not a judge metric of this evaluation; label one of "
                                + String.join(
                                        ", ",
                                        metrics.stream()
                                                .filter(Labelling::usesJudge)
                                                .toList()),
                        null);
            }
        }
        return contents.humanLabels();
    }

    /**
     * Draws cells of the last evaluation's metric for people to label.
     *
     * @throws IllegalStateException if the workspace holds no evaluation, or the metric was not
     *     judged in it
     */
    public List<LabelRequest> draw(String metric, int count, LabelDesign design, long seed) {
        Aggregation.MetricSummary summary = judged(metric);
        Map<Cell, EvalCase> cases = currentCases(questions.get());
        List<ScoreRecord> population = population(List.of(summary), cases);
        List<LabelDrawer.Drawn<ScoreRecord>> drawn;
        try {
            drawn = LabelDrawer.draw(population, metric, summary.version(), summary.judgeModel(), count, design, seed);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        List<LabelRequest> out = new ArrayList<>();
        for (LabelDrawer.Drawn<ScoreRecord> d : drawn) {
            EvalCase c = cases.get(d.item().cell());
            out.add(new LabelRequest(
                    c.retriever(),
                    c.questionId(),
                    metric,
                    d.item().inputs(),
                    d.draw(),
                    c.question(),
                    c.answer(),
                    c.contexts(),
                    c.reference()));
        }
        return List.copyOf(out);
    }

    /**
     * The judge of the last evaluation calibrated against a file of labels.
     *
     * @throws IllegalStateException if the workspace holds no evaluation
     * @throws ParseException for a bad label file, naming the line
     */
    public Calibration calibrate(Path labels) {
        Aggregation aggregation = EvaluationFile.aggregation(workspace.evaluation());
        List<String> judged = new ArrayList<>();
        Set<String> systems = new TreeSet<>();
        String judgeModel = "";
        List<Aggregation.MetricSummary> judgedSummaries = new ArrayList<>();
        for (Aggregation.MetricSummary m : aggregation.metrics()) {
            if (usesJudge(m.metric())) {
                judged.add(m.metric());
                judgeModel = m.judgeModel();
                judgedSummaries.add(m);
            }
            m.retrievers().forEach(r -> systems.add(r.retriever()));
        }
        if (judged.isEmpty()) {
            throw new IllegalStateException(noEvaluation());
        }
        List<QuestionSample> asked = questions.get();
        List<ScoreRecord> records = population(judgedSummaries, currentCases(asked));
        List<HumanLabel> read = read(
                labels,
                asked.stream().map(QuestionSample::id).collect(java.util.stream.Collectors.toSet()),
                judged,
                systems);
        Map<String, String> versions = new LinkedHashMap<>();
        aggregation.metrics().stream()
                .filter(m -> usesJudge(m.metric()))
                .forEach(m -> versions.put(m.metric(), m.version()));
        return ScoreAnalysis.calibrate(records, read, versions, judgeModel);
    }

    /** Whether the metric of this name asks the judge (and so can be calibrated against people). */
    private static boolean usesJudge(String metric) {
        for (JudgeMetric m : JudgeMetric.values()) {
            if (m.label().equals(metric)) {
                return m.usesJudge();
            }
        }
        return false;
    }

    /** The last evaluation's summary of a judge metric. */
    private Aggregation.MetricSummary judged(String metric) {
        Aggregation aggregation = EvaluationFile.aggregation(workspace.evaluation());
        if (aggregation.metrics().isEmpty()) {
            throw new IllegalStateException(noEvaluation());
        }
        return aggregation.metrics().stream()
                .filter(m -> m.metric().equals(metric) && usesJudge(m.metric()))
                .findFirst()
                .orElseThrow(() -> new IllegalStateException("the last evaluation judged no metric '" + metric
                        + "'; it judged "
                        + String.join(
                                ", ",
                                aggregation.metrics().stream()
                                        .map(Aggregation.MetricSummary::metric)
                                        .filter(Labelling::usesJudge)
                                        .toList())));
    }

    /**
     * The judge's records of the metrics' cells in the last evaluation whose answer and contexts are
     * still those in {@code answers.jsonl}: what a person labelling a cell is shown is what the judge
     * scored. Reads the baseline and the scores once for every metric.
     */
    private List<ScoreRecord> population(List<Aggregation.MetricSummary> metrics, Map<Cell, EvalCase> cases) {
        Path baselineFile = workspace.evaluationBaseline();
        if (!Files.exists(baselineFile)) {
            throw new IllegalStateException(noEvaluation());
        }
        Baseline baseline = BaselineRecorder.read(baselineFile);
        Map<String, Aggregation.MetricSummary> byName = new HashMap<>();
        metrics.forEach(m -> byName.put(m.metric(), m));
        List<ScoreRecord> out = new ArrayList<>();
        for (ScoreRecord r : Scorer.read(workspace.scores())) {
            Aggregation.MetricSummary m = byName.get(r.metric());
            if (m == null
                    || !r.promptVersion().equals(m.version())
                    || !r.judgeModel().equals(m.judgeModel())
                    || r.repeat() != 0
                    || !r.isScored()
                    || !baseline.scores(r.retriever(), r.metric()).containsKey(r.questionId())) {
                continue;
            }
            EvalCase c = cases.get(r.cell());
            if (c != null && (r.inputs().isEmpty() || r.inputs().equals(c.inputsHash()))) {
                out.add(r);
            }
        }
        return out;
    }

    /** The case each stored answer makes, by its cell. */
    private Map<Cell, EvalCase> currentCases(List<QuestionSample> asked) {
        Map<String, String> chunkTexts = Files.exists(workspace.chunks())
                ? ChunksFile.texts(
                        workspace.chunks(),
                        asked.stream()
                                .flatMap(q -> q.sourceChunkIds().stream())
                                .collect(java.util.stream.Collectors.toSet()))
                : Map.of();
        Function<String, String> chunkText = chunkTexts::get;
        Map<Cell, EvalCase> out = new HashMap<>();
        for (EvalCase c : EvalCases.from(AnswerGenerator.read(workspace.answers()), asked, chunkText)) {
            out.put(c.cell(), c);
        }
        return out;
    }

    private String noEvaluation() {
        return "no evaluation in " + workspace.dir() + " yet; run evaluate before drawing or calibrating labels";
    }
}
