package io.github.raglens.studio;

import io.github.raglens.internal.Cell;
import io.github.raglens.model.HumanLabel;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The labels of the workspace's {@code human-labels.jsonl} as the labelling page needs them, or why the
 * file could not be read (a page shows the reason rather than failing).
 *
 * @param labels every label, relabelled cells at their latest line, in file order
 * @param problem why the file could not be read; empty when it was
 */
record Labels(List<HumanLabel> labels, Optional<String> problem) {

    Labels {
        labels = List.copyOf(labels);
    }

    /** The cells that have a label of the metric. */
    Set<Cell> labelled(String metric) {
        Set<Cell> out = new HashSet<>();
        labels.stream()
                .filter(l -> l.metric().equals(metric))
                .forEach(l -> out.add(new Cell(l.retriever(), l.questionId())));
        return out;
    }
}
