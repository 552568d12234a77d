package io.github.raglens.eval.scoring;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.ParseException;
import io.github.raglens.internal.Json;
import io.github.raglens.result.Calibration;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * A human's score of one cell of one metric, for calibrating the judge ({@link Calibration}).
 *
 * @param retriever the retriever of the cell
 * @param questionId the question of the cell
 * @param metric the metric's name, e.g. {@code faithfulness}
 * @param score the human's score in [0, 1] (a binary verdict is 0 or 1)
 */
public record HumanLabel(String retriever, String questionId, String metric, double score) {

    /**
     * Validates the fields.
     *
     * @throws IllegalArgumentException if the score is outside [0, 1] or NaN
     */
    public HumanLabel {
        Objects.requireNonNull(retriever, "retriever");
        Objects.requireNonNull(questionId, "questionId");
        Objects.requireNonNull(metric, "metric");
        if (!(score >= 0 && score <= 1)) {
            throw new IllegalArgumentException("score must be in [0, 1], was " + score);
        }
    }

    /**
     * Reads a JSONL file of labels, one {@code {"retriever": "...", "questionId": "...", "metric":
     * "...", "score": 1}} a line; blank lines are skipped.
     *
     * @param file the file
     * @return the labels in file order
     * @throws ParseException naming the line and field when a line is not such an object, a score is
     *     not a number in [0, 1], or a cell is labelled twice for a metric; or when the file is missing
     * @throws UncheckedIOException if the file cannot be read
     */
    public static List<HumanLabel> read(Path file) {
        List<HumanLabel> out = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int lineNumber = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                if (line.isBlank()) {
                    continue;
                }
                HumanLabel label = parse(file, lineNumber, line);
                if (!seen.add(label.retriever() + '\u001f' + label.questionId() + '\u001f' + label.metric())) {
                    throw new ParseException(
                            file,
                            "line " + lineNumber + " labels retriever '" + label.retriever() + "', question '"
                                    + label.questionId() + "', metric '" + label.metric()
                                    + "' a second time; keep one label per cell",
                            null);
                }
                out.add(label);
            }
        } catch (NoSuchFileException e) {
            throw new ParseException(file, "no such file", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return List.copyOf(out);
    }

    private static HumanLabel parse(Path file, int lineNumber, String line) {
        JsonNode n;
        try {
            n = Json.reader().readTree(line);
        } catch (IOException e) {
            throw new ParseException(file, "line " + lineNumber + " is not a JSON object", e);
        }
        String retriever = text(file, lineNumber, n, "retriever");
        String questionId = text(file, lineNumber, n, "questionId");
        String metric = text(file, lineNumber, n, "metric");
        JsonNode score = n.path("score");
        if (!score.isNumber() || !(score.asDouble() >= 0 && score.asDouble() <= 1)) {
            throw new ParseException(
                    file, "line " + lineNumber + ": field 'score' must be a number from 0 to 1, was " + score, null);
        }
        return new HumanLabel(retriever, questionId, metric, score.asDouble());
    }

    private static String text(Path file, int lineNumber, JsonNode n, String field) {
        JsonNode v = n.path(field);
        if (!v.isTextual() || v.asText().isBlank()) {
            throw new ParseException(
                    file, "line " + lineNumber + ": field '" + field + "' must be a non-empty string", null);
        }
        return v.asText();
    }
}
