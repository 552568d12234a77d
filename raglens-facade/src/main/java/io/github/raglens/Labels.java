package io.github.raglens;

import io.github.raglens.eval.pool.JudgedPassages;
import io.github.raglens.eval.pool.RelevanceCalibrator;
import io.github.raglens.eval.scoring.LabelDrawer;
import io.github.raglens.facade.internal.Labelling;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.PassageLabelRequest;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.result.Calibration;
import io.github.raglens.store.HumanLabelsFile;
import io.github.raglens.workspace.Workspace;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * People's labels of a workspace ({@link RagLens#labels()}), to calibrate the judge: cells of the
 * last evaluation and passages of the last graded pool are drawn in one random order seeded by
 * {@link RagLens.Builder#seed}, so a larger count later returns the same items first and labels
 * already given stay part of the sample; people's labels go to the workspace's {@code
 * human-labels.jsonl}, appended whole and forced to disk, safe from several threads and processes,
 * a label given again replacing the earlier one. Only labels of drawn items correct the judge; a
 * system needs {@value Calibration#MIN_DRAWN_LABELS} of them. Thread-safe.
 */
public final class Labels {

    private final Workspace workspace;
    private final Supplier<List<QuestionSample>> questions;
    private final long seed;

    Labels(Workspace workspace, Supplier<List<QuestionSample>> questions, long seed) {
        this.workspace = workspace;
        this.questions = questions;
        this.seed = seed;
    }

    /**
     * Draws scored cells of the last evaluation's metric for people to label, each with how it was
     * drawn and what the judge saw (never the judge's score). Write them for people with {@link
     * #writeDrawnLabels}, or record each label as it is given with {@link #recordLabel}.
     *
     * @param metric a judge metric of the last evaluation, e.g. {@code faithfulness}
     * @param count how many cells, at least 1 (fewer when the evaluation has fewer)
     * @param design uniform over every cell, or the same number for each system
     * @return the drawn cells, in the order to label them
     * @throws IllegalArgumentException if {@code count} is below 1
     * @throws IllegalStateException if the workspace holds no evaluation, or it judged no such metric
     */
    public List<LabelRequest> drawLabels(String metric, int count, LabelDesign design) {
        Objects.requireNonNull(metric, "metric");
        Objects.requireNonNull(design, "design");
        requireCount(count);
        return new Labelling(workspace, questions).draw(metric, count, design, seed);
    }

    /**
     * Draws pooled passages the judge graded for judged relevance ({@code runs/judged-passages.jsonl}
     * of a benchmark under judged relevance; not those holding the evidence, grade 3 by rule), for
     * people to grade 0–3 as the judge did. The next benchmark under judged relevance reads their
     * grades and gives the judge–human weighted kappa and each retriever's precision corrected by
     * them ({@link io.github.raglens.result.RelevanceCalibration}). Write them with {@link
     * #writeDrawnPassages} or record each grade with {@link #recordPassageLabel}.
     *
     * @param count how many passages, at least 1 (fewer when the pool has fewer)
     * @return the drawn passages, in the order to grade them
     * @throws IllegalArgumentException if {@code count} is below 1
     * @throws IllegalStateException if no pool was graded in the workspace yet
     */
    public List<PassageLabelRequest> drawPassageLabels(int count) {
        requireCount(count);
        List<LabelDrawer.Drawn<JudgedPassages.Entry>> drawn;
        try {
            drawn = RelevanceCalibrator.draw(JudgedPassages.read(workspace.runs()), count, seed);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
        return drawn.stream()
                .map(d -> new PassageLabelRequest(
                        d.item().queryId(),
                        d.item().passage(),
                        d.item().inputs(),
                        d.draw(),
                        d.item().question(),
                        d.item().text()))
                .toList();
    }

    private static void requireCount(int count) {
        if (count < 1) {
            throw new IllegalArgumentException("count must be at least 1, was " + count);
        }
    }

    /**
     * Writes drawn cells for people to fill in, each once: a cell the file already holds is left as
     * it is, so drawing again never overwrites a label given.
     *
     * @param labels the labels file, e.g. {@link Workspace#humanLabels()}
     * @return how many cells were added
     * @throws io.github.raglens.error.StoreException if the file cannot be read or written
     */
    public int writeDrawnLabels(Path labels, List<LabelRequest> drawn) {
        return HumanLabelsFile.appendDrawn(Objects.requireNonNull(labels, "labels"), drawn);
    }

    /** Writes drawn passages for people to grade, each once, as {@link #writeDrawnLabels} does. */
    public int writeDrawnPassages(Path labels, List<PassageLabelRequest> drawn) {
        return HumanLabelsFile.appendDrawnPassages(Objects.requireNonNull(labels, "labels"), drawn);
    }

    /**
     * Records a person's label of a cell ({@link LabelRequest#label}), the file {@link
     * EvaluateOptions.Builder#humanLabels} reads.
     *
     * @throws io.github.raglens.error.StoreException if the file cannot be written
     */
    public void recordLabel(HumanLabel label) {
        HumanLabelsFile.append(workspace.humanLabels(), Objects.requireNonNull(label, "label"));
    }

    /**
     * Records a person's grade of a pooled passage ({@link PassageLabelRequest#label}).
     *
     * @throws io.github.raglens.error.StoreException if the file cannot be written
     */
    public void recordPassageLabel(PassageLabel label) {
        HumanLabelsFile.append(workspace.humanLabels(), Objects.requireNonNull(label, "label"));
    }

    /**
     * The last evaluation's judge calibrated against a file of labels: per judge metric, judge–human
     * agreement on every labelled cell, and each system's mean corrected by its drawn labels (see
     * {@link Calibration}); the figures an evaluation with those labels writes, judging nothing.
     *
     * @param labels a file of labels, e.g. {@link Workspace#humanLabels()}
     * @throws IllegalStateException if the workspace holds no evaluation with a judge metric
     * @throws io.github.raglens.error.ParseException naming the line of a bad label, or of a label of
     *     a question, system or metric the evaluation does not have
     */
    public Calibration calibration(Path labels) {
        Objects.requireNonNull(labels, "labels");
        return new Labelling(workspace, questions).calibrate(labels);
    }

    @Override
    public String toString() {
        return "Labels{" + workspace.humanLabels() + "}";
    }
}
