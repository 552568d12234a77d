package io.github.raglens.studio;

import io.github.raglens.internal.Cell;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.PassageLabel;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The labels of the workspace's {@code human-labels.jsonl} as the labelling page needs them, or why the
 * file could not be read (a page shows the reason rather than failing).
 *
 * @param labels every label, relabelled cells at their latest line, in file order
 * @param passages every grade of a pooled passage, regraded pairs at their latest line
 * @param problem why the file could not be read; empty when it was
 */
record Labels(List<HumanLabel> labels, List<PassageLabel> passages, Optional<String> problem) {

    Labels {
        labels = List.copyOf(labels);
        passages = List.copyOf(passages);
    }

    /** The (question id, passage id) pairs graded so far, each as its two ids joined by a tab. */
    Set<String> gradedPassages() {
        Set<String> out = new HashSet<>();
        passages.forEach(l -> out.add(l.queryId() + "\t" + l.passage()));
        return out;
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
