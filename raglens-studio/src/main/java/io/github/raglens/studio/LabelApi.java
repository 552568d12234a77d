package io.github.raglens.studio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Saves one label a page sends: finds the cell among the cells the facade draws (so the label carries
 * how the cell was drawn and what the judge scored), turns the answers to its items into the cell's
 * score by the metric's {@link LabelKind}, and records it with the labeller's name and the time. A cell
 * labelled again replaces its earlier label.
 */
final class LabelApi {

    private static final ObjectMapper JSON = new ObjectMapper();

    private LabelApi() {}

    /** The reply to {@code POST /api/labels}. */
    static Routes.Reply save(WorkspaceView view, byte[] body) {
        JsonNode n;
        try {
            n = JSON.readTree(body);
        } catch (IOException e) {
            return Routes.Reply.text(400, "the request is not JSON: " + e.getMessage());
        }
        String metric = n.path("metric").asText("");
        String system = n.path("retriever").asText("");
        String question = n.path("questionId").asText("");
        String labeller = n.path("labeller").asText("").strip();
        if (labeller.isEmpty()) {
            return Routes.Reply.text(400, "give your name in the labeller box: every label records who gave it");
        }
        LabelDesign design;
        try {
            design = LabelDesign.fromFileName(n.path("design").asText("per-system"));
        } catch (IllegalArgumentException e) {
            return Routes.Reply.text(400, e.getMessage());
        }
        List<Integer> answers = new ArrayList<>();
        n.path("answers").forEach(a -> answers.add(a.asInt(-1)));
        int labelled = view.labels().labelled(metric).size();
        Optional<LabelRequest> cell = view.draw(metric, labelled + LabelPage.AHEAD, design).stream()
                .filter(r -> r.retriever().equals(system) && r.questionId().equals(question))
                .findFirst();
        if (cell.isEmpty()) {
            return Routes.Reply.text(
                    409,
                    "system '" + system + "', question '" + question + "' is not among the cells drawn for " + metric
                            + "; reload the page");
        }
        double score;
        try {
            score = LabelKind.of(metric).score(metric, answers);
        } catch (IllegalArgumentException e) {
            return Routes.Reply.text(400, e.getMessage());
        }
        view.record(cell.get().label(score, labeller, Instant.now()));
        return new Routes.Reply(
                200,
                "application/json",
                JSON.createObjectNode()
                        .put("saved", true)
                        .put("score", score)
                        .toString()
                        .getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
