package io.github.raglens.studio;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.github.raglens.model.LabelDesign;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.PassageLabelRequest;
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
        if (LabelKind.of(metric) == LabelKind.RELEVANCE) {
            return savePassage(view, question, n.path("passage").asText(""), labeller, answers);
        }
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
        return saved(JSON.createObjectNode().put("saved", true).put("score", score));
    }

    private static Routes.Reply savePassage(
            WorkspaceView view, String question, String passage, String labeller, List<Integer> answers) {
        if (answers.size() != 1 || answers.getFirst() < 0 || answers.getFirst() > PassageLabel.MAX_GRADE) {
            return Routes.Reply.text(
                    400, "a passage takes one grade from 0 to " + PassageLabel.MAX_GRADE + ", got " + answers);
        }
        int graded = view.labels().gradedPassages().size();
        Optional<PassageLabelRequest> drawn = view.drawPassages(graded + LabelPage.AHEAD).stream()
                .filter(r -> r.queryId().equals(question) && r.passage().equals(passage))
                .findFirst();
        if (drawn.isEmpty()) {
            return Routes.Reply.text(
                    409,
                    "question '" + question + "', passage '" + passage
                            + "' is not among the passages drawn for grading; reload the page");
        }
        int grade = answers.getFirst();
        view.record(drawn.get().label(grade, labeller, Instant.now()));
        return saved(JSON.createObjectNode().put("saved", true).put("grade", grade));
    }

    private static Routes.Reply saved(com.fasterxml.jackson.databind.node.ObjectNode reply) {
        return new Routes.Reply(
                200, "application/json", reply.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
