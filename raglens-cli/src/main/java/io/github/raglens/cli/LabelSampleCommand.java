package io.github.raglens.cli;

import io.github.raglens.RagLens;
import io.github.raglens.model.JudgeMetric;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.result.Calibration;
import io.github.raglens.store.HumanLabelsFile;
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
                    + " same cells first and appends only the new ones."
        })
final class LabelSampleCommand implements Callable<Integer> {

    @ParentCommand
    RaglensCli parent;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--metric", required = true, paramLabel = "NAME", description = "The judge metric to label.")
    JudgeMetric metric;

    @Option(
            names = "--count",
            paramLabel = "N",
            description = "Cells to draw (default: " + Calibration.MIN_DRAWN_LABELS
                    + " per system, what a corrected estimate needs).")
    Integer count;

    @Option(
            names = "--design",
            defaultValue = "per-system",
            paramLabel = "uniform|per-system",
            description = "per-system: the same number of cells from each system; uniform: any cell alike"
                    + " (default: ${DEFAULT-VALUE}).")
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
        RagLens lens = Lenses.builder(parent).seed(seed).build();
        List<LabelRequest> drawn;
        try {
            drawn = lens.drawLabels(metric.label(), count != null ? count : Integer.MAX_VALUE, design);
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
        int added = HumanLabelsFile.appendDrawn(file, drawn);
        PrintWriter stdout = spec.commandLine().getOut();
        stdout.println("drew " + drawn.size() + " cells of " + metric.label() + " (" + design.fileName() + ", seed "
                + seed
                + "): " + added + " added to " + file + ", " + (drawn.size() - added) + " already there; fill in"
                + " each \"score\" (0 to 1) and run raglens evaluate ... --human-labels " + file);
        stdout.flush();
        return 0;
    }
}
