package io.github.raglens.facade.internal;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.Remedy;
import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Json;
import io.github.raglens.result.Aggregation;
import io.github.raglens.result.AnswerSummary;
import io.github.raglens.result.Calibration;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code evaluation.json}, what the last evaluation found: the judge scores' {@link Aggregation}
 * (its fields at the top level); under {@code answers}, how the answers it judged were had
 * ({@link AnswerSummary}: per system what answered, how many answers were reused from earlier runs
 * and how many were had anew); and, when it was given human labels, the judge's calibration against
 * them under {@code calibration}.
 */
public final class EvaluationFile {

    private static final String ANSWERS = "answers";
    private static final String CALIBRATION = "calibration";

    private EvaluationFile() {}

    /** Writes the file, replacing an older one. */
    static void write(Path file, Aggregation aggregation, AnswerSummary answers, Optional<Calibration> calibration) {
        ObjectNode root = Json.toTree(aggregation);
        root.set(ANSWERS, Json.toTree(answers));
        calibration.ifPresent(c -> root.set(CALIBRATION, Json.toTree(c)));
        try {
            Json.prettyWriter().writeValue(file.toFile(), root);
        } catch (IOException e) {
            throw new StoreException(file, "cannot write " + file + ": " + e, e);
        }
    }

    /** The aggregation; empty when no evaluation ran. */
    static Aggregation aggregation(Path file) {
        return read(file).map(root -> convert(file, root, Aggregation.class)).orElse(new Aggregation(List.of()));
    }

    /** How the answers were had; empty when no evaluation ran, or one from before raglens recorded it. */
    static Optional<AnswerSummary> answers(Path file) {
        return section(file, ANSWERS, AnswerSummary.class);
    }

    /** The judge's calibration; empty when no evaluation ran or it had no human labels. */
    static Optional<Calibration> calibration(Path file) {
        return section(file, CALIBRATION, Calibration.class);
    }

    private static <T> Optional<T> section(Path file, String name, Class<T> type) {
        return read(file).map(root -> root.get(name)).filter(JsonNode::isObject).map(node -> convert(file, node, type));
    }

    private static Optional<JsonNode> read(Path file) {
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.readTree(file));
        } catch (IOException e) {
            throw notAnEvaluation(file, e);
        }
    }

    private static <T> T convert(Path file, JsonNode node, Class<T> type) {
        try {
            return Json.fromTree(node, type);
        } catch (IOException | RuntimeException e) {
            throw notAnEvaluation(file, e);
        }
    }

    private static StoreException notAnEvaluation(Path file, Exception e) {
        return new StoreException(
                file, file + " is not an evaluation (" + e.getMessage() + "); " + Remedy.EVALUATE.again(), e);
    }
}
