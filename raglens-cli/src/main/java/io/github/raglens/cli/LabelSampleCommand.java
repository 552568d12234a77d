package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.PassageLabelRequest;
import io.github.raglens.result.Calibration;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/** {@code raglens label-sample}: draws the cells of the last evaluation for people to label. */
@Command(
        name = "label-sample",
        mixinStandardHelpOptions = true,
        description = {
            "Draw cells of the last evaluation for people to label, to calibrate the judge on one metric: a seeded"
                    + " random sample of the judge's scored cells, each written as a line with the question, the"
                    + " answer, the contexts and the reference the judge saw (not the judge's score) and \"score\":"
                    + " null. Fill in each score (0 to 1) and pass the file to raglens evaluate --human-labels.",
            "Only labels of drawn cells correct the judge's mean (a prediction-powered estimate); labels of cells"
                    + " picked by hand count for agreement only. A larger --count with the same --seed draws the"
                    + " same cells first and appends only the new ones.",
            "--metric relevance draws pooled passages the judge graded for judged relevance (from the last"
                    + " benchmark --relevance judged, or its --judge-only grading), uniformly, each with its"
                    + " question and text and \"grade\": null: fill in each grade (0 unrelated, 1 on the topic, 2"
                    + " answers in part, 3 answers) and the next benchmark --relevance judged gives the judge-human"
                    + " weighted kappa and each retriever's precision corrected by the grades."
        })
final class LabelSampleCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--metric",
            required = true,
            paramLabel = "NAME",
            description = "The judge metric to label, or relevance for the judge's grades of pooled passages.")
    String metric;

    @Option(
            names = "--count",
            paramLabel = "N",
            description = "Cells to draw (default: " + Calibration.MIN_DRAWN_LABELS
                    + " per system, what a corrected estimate needs).")
    Integer count;

    @Option(
            names = "--design",
            paramLabel = "uniform|per-system",
            description = "per-system: the same number of cells from each system; uniform: any cell alike"
                    + " (default: per-system; pooled passages are always drawn uniformly).")
    LabelDesign design;

    @Option(names = "--seed", defaultValue = "42", description = "Seed of the draw (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--out",
            paramLabel = "FILE",
            description = "The labels file to append the drawn cells to (default: the workspace's human-labels.jsonl).")
    Path out;

    @Override
    public Integer call() {
        PrintWriter err = spec.commandLine().getErr();
        if (count != null && count < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--count must be at least 1, was " + count);
        }
        boolean passages = metric.strip().equalsIgnoreCase(PassageLabel.METRIC);
        JudgeMetric judged = passages ? null : judgeMetric();
        if (passages && design == LabelDesign.PER_SYSTEM) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "--design per-system does not apply to --metric relevance: a pooled passage is shared by"
                            + " the retrievers that returned it, so passages are drawn uniformly");
        }
        RagLens lens = Lenses.builder(parent).seed(seed).build();
        if (passages) {
            return drawPassages(lens, err);
        }
        LabelDesign design = this.design != null ? this.design : LabelDesign.PER_SYSTEM;
        List<LabelRequest> drawn;
        try {
            drawn = lens.labels().drawLabels(judged.label(), count != null ? count : Integer.MAX_VALUE, design);
        } catch (IllegalStateException e) {
            err.println("raglens label-sample: " + e.getMessage().replace("run evaluate", "run raglens evaluate"));
            err.flush();
            return 1;
        }
        if (count == null) {
            long systems =
                    drawn.stream().map(LabelRequest::retriever).distinct().count();
            drawn = drawn.subList(0, (int) Math.min(drawn.size(), systems * Calibration.MIN_DRAWN_LABELS));
        }
        Path file = out != null ? out : lens.workspace().humanLabels();
        int added = lens.labels().writeDrawnLabels(file, drawn);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("drew " + drawn.size() + " cells of " + judged.label() + " (" + design.fileName() + ", seed "
                + seed
                + "): " + added + " added to " + file + ", " + (drawn.size() - added) + " already there; fill in"
                + " each \"score\" (0 to 1) and run raglens evaluate ... --human-labels " + file);
        stdout.flush();
        return 0;
    }

    private JudgeMetric judgeMetric() {
        try {
            return JudgeMetric.parse(metric);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(),
                    "Invalid value for option '--metric': " + e.getMessage() + ", or " + PassageLabel.METRIC);
        }
    }

    private int drawPassages(RagLens lens, PrintWriter err) {
        List<PassageLabelRequest> drawn;
        try {
            drawn = lens.labels().drawPassageLabels(count != null ? count : Calibration.MIN_DRAWN_LABELS);
        } catch (IllegalStateException e) {
            err.println("raglens label-sample: " + e.getMessage());
            err.flush();
            return 1;
        }
        Path file = out != null ? out : lens.workspace().humanLabels();
        int added = lens.labels().writeDrawnPassages(file, drawn);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("drew " + drawn.size() + " pooled passages (uniform, seed " + seed + "): " + added
                + " added to " + file + ", " + (drawn.size() - added) + " already there; fill in each \"grade\""
                + " (0 unrelated, 1 on the topic, 2 answers in part, 3 answers) and run raglens benchmark"
                + " --relevance judged");
        stdout.flush();
        return 0;
    }
}
