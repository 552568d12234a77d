package io.github.raglens.eval.judge;

import io.github.raglens.eval.answers.EvalCase;
import java.util.ArrayList;
import java.util.List;

/** Synthetic evaluation cells: every retriever answers every question from its own five contexts. */
public final class Cases {

    public static final List<String> RETRIEVERS = List.of("bm25", "dense", "hybrid", "hierarchical", "hier-neighbor");

    private Cases() {}

    public static List<EvalCase> of(int questions, List<String> retrievers, int k) {
        List<EvalCase> out = new ArrayList<>();
        for (int q = 0; q < questions; q++) {
            for (String r : retrievers) {
                List<String> contexts = new ArrayList<>();
                for (int i = 0; i < k; i++) {
                    contexts.add("Context " + i + " of " + r + " for question " + q + ". It says fact "
                            + (q * 7 + i) % 11 + ".");
                }
                out.add(new EvalCase(
                        r,
                        "q" + q,
                        "What is fact " + q + "?",
                        "Answer of " + r + " to " + q + ". Fact " + q + " holds. It relates to item " + (q % 5) + ".",
                        contexts,
                        "Reference " + q + ". Fact " + q + " holds. Fact " + (q + 1) + " follows.",
                        List.of(contexts.get(q % k))));
            }
        }
        return out;
    }
}
