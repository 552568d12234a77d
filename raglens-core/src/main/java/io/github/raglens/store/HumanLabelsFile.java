package io.github.raglens.store;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.github.raglens.error.ParseException;
import io.github.raglens.error.StoreException;
import io.github.raglens.internal.Cell;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.OneLine;
import io.github.raglens.model.HumanLabel;
import io.github.raglens.model.LabelDraw;
import io.github.raglens.model.LabelRequest;
import io.github.raglens.model.PassageLabel;
import io.github.raglens.model.PassageLabelRequest;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A file of human labels, the one {@code evaluate --human-labels} reads: JSON lines of {@link
 * HumanLabel}s ({@code {"retriever": "...", "questionId": "...", "metric": "...", "score": 1}} at
 * least). Lines raglens wrote for a drawn cell not labelled yet ({@link LabelRequest}s, whose {@code
 * score} is {@code null}) wait for their label and count for nothing until a labelled line for the
 * same cell follows.
 *
 * <p>Lines with a {@code passage} field are grades of pooled passages for judged relevance ({@link
 * PassageLabel}s: {@code {"metric": "relevance", "questionId": "...", "passage": "...", "grade": 2}}
 * at least), read apart from the cells' labels; a file without them reads as before.
 *
 * <p>One label per cell and metric (per question and passage): a cell labelled twice is an error,
 * unless both labels carry the time they were given, as labels recorded through raglens do; then the
 * later line is a relabel and replaces the earlier one.
 *
 * <p>Appends are crash-safe and may come from several processes: each line is written whole under
 * a file lock and forced to disk before {@link #append} returns, and a line torn by a crash is cut
 * off before the next one is written.
 */
public final class HumanLabelsFile {

    /** One monitor per file, so threads of this process append in turn. */
    private static final Map<Path, Object> MONITORS = new ConcurrentHashMap<>();

    private static final String PASSAGE = "passage";
    private static final String GRADE = "grade";

    private HumanLabelsFile() {}

    /**
     * The labels of a file, each with the line it came from.
     *
     * @param labels the labels in file order, relabelled cells at their latest line
     * @param passageLabels the grades of pooled passages in file order, regraded pairs at their
     *     latest line
     * @param awaiting drawn cells and passages not labelled yet
     */
    public record Contents(List<Line> labels, List<PassageLabel> passageLabels, int awaiting) {

        /** Copies the lists. */
        public Contents {
            labels = List.copyOf(labels);
            passageLabels = List.copyOf(passageLabels);
        }

        /** The labels alone, in file order. */
        public List<HumanLabel> humanLabels() {
            return labels.stream().map(Line::label).toList();
        }
    }

    /**
     * One label and its line number.
     *
     * @param number the 1-based line
     * @param label the label
     */
    public record Line(int number, HumanLabel label) {

        /** Validates that the label is not null. */
        public Line {
            Objects.requireNonNull(label, "label");
        }
    }

    /**
     * Reads a file of labels; blank lines are skipped.
     *
     * @throws ParseException naming the line and field when a line is not a label or a drawn cell, a
     *     score is not a number in [0, 1], or a cell is labelled twice without the times that make
     *     the later a relabel; or when the file is missing
     * @throws UncheckedIOException if the file cannot be read
     */
    public static Contents read(Path file) {
        Map<Cell.OnMetric, Line> labelled = new LinkedHashMap<>();
        Set<Cell.OnMetric> awaiting = new HashSet<>();
        Map<Pair, PassageLine> graded = new LinkedHashMap<>();
        Set<Pair> awaitingPassages = new HashSet<>();
        int number = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String text;
            while ((text = in.readLine()) != null) {
                number++;
                if (text.isBlank()) {
                    continue;
                }
                JsonNode node = object(file, number, text);
                if (node.has(PASSAGE)) {
                    ParsedPassage pp = parsePassage(file, number, node);
                    if (pp.label == null) {
                        awaitingPassages.add(pp.pair);
                        continue;
                    }
                    PassageLine earlier = graded.remove(pp.pair);
                    if (earlier != null
                            && (earlier.label.labelledAt().isEmpty()
                                    || pp.label.labelledAt().isEmpty())) {
                        throw new ParseException(
                                file,
                                "line " + number + " grades question " + OneLine.quote(pp.pair.queryId)
                                        + ", passage " + OneLine.quote(pp.pair.passage)
                                        + " a second time; keep one grade per passage",
                                null);
                    }
                    graded.put(pp.pair, new PassageLine(number, pp.label));
                    continue;
                }
                Parsed p = parse(file, number, node);
                Cell.OnMetric cell = new Cell(p.retriever, p.questionId).on(p.metric);
                if (p.label == null) {
                    awaiting.add(cell);
                    continue;
                }
                Line earlier = labelled.remove(cell);
                if (earlier != null
                        && (earlier.label().labelledAt().isEmpty()
                                || p.label.labelledAt().isEmpty())) {
                    throw new ParseException(
                            file,
                            "line " + number + " labels retriever " + OneLine.quote(p.retriever) + ", question "
                                    + OneLine.quote(p.questionId) + ", metric " + OneLine.quote(p.metric)
                                    + " a second time; keep one label per cell",
                            null);
                }
                labelled.put(cell, new Line(number, p.label));
            }
        } catch (NoSuchFileException e) {
            throw new ParseException(file, "no such file", e);
        } catch (CharacterCodingException e) {
            throw new ParseException(file, "line " + (number + 1) + " is not UTF-8 text; save the file as UTF-8", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        awaiting.removeAll(labelled.keySet());
        awaitingPassages.removeAll(graded.keySet());
        List<Line> lines = new ArrayList<>(labelled.values());
        lines.sort((a, b) -> Integer.compare(a.number(), b.number()));
        List<PassageLine> passages = new ArrayList<>(graded.values());
        passages.sort((a, b) -> Integer.compare(a.number, b.number));
        return new Contents(
                lines, passages.stream().map(PassageLine::label).toList(), awaiting.size() + awaitingPassages.size());
    }

    /** A question and a pooled passage: what a passage label grades. */
    private record Pair(String queryId, String passage) {}

    private record PassageLine(int number, PassageLabel label) {}

    /**
     * Appends a label, crash-safely: the line is forced to disk before this returns. Creates the file
     * and its folder when missing.
     *
     * @throws StoreException if the file cannot be written
     */
    public static void append(Path file, HumanLabel label) {
        Objects.requireNonNull(label, "label");
        appendLines(file, List.of(Json.toTree(label)));
    }

    /**
     * Appends the drawn cells that the file does not hold yet, each as a line waiting for its label,
     * so that a person can fill in the scores and the file is read by {@code evaluate --human-labels}.
     * Drawing more cells later and appending them keeps every label already given.
     *
     * @param file the file; created with its folder when missing
     * @param requests the drawn cells
     * @return how many lines were added
     * @throws ParseException if the existing file is not a file of labels
     * @throws StoreException if the file cannot be written
     */
    public static int appendDrawn(Path file, List<LabelRequest> requests) {
        Set<Cell.OnMetric> present = present(file).cells;
        List<JsonNode> lines = new ArrayList<>();
        for (LabelRequest r : requests) {
            if (present.add(new Cell(r.retriever(), r.questionId()).on(r.metric()))) {
                ObjectNode line = Json.objectNode();
                line.put("retriever", r.retriever());
                line.put("questionId", r.questionId());
                line.put("metric", r.metric());
                line.putNull("score");
                line.put("inputs", r.inputs());
                line.set("draw", Json.toTree(r.draw()));
                line.put("question", r.question());
                line.put("answer", r.answer());
                line.set("contexts", Json.toTree(r.contexts()));
                line.put("reference", r.reference());
                lines.add(line);
            }
        }
        appendLines(file, lines);
        return lines.size();
    }

    /**
     * Appends a person's grade of a pooled passage, crash-safely, as {@link #append} does a label.
     *
     * @throws StoreException if the file cannot be written
     */
    public static void append(Path file, PassageLabel label) {
        Objects.requireNonNull(label, "label");
        appendLines(
                file,
                List.of(passageLine(label.queryId(), label.passage(), label.inputs(), label.draw())
                        .put(GRADE, label.grade())
                        .put("labeller", label.labeller())
                        .put("labelledAt", label.labelledAt())));
    }

    /**
     * Appends the drawn passages that the file does not hold yet, each as a line waiting for its
     * grade ({@code "grade": null}) with the question and the passage's text, so that a person can
     * fill in the grades; drawing more later keeps every grade already given.
     *
     * @return how many lines were added
     * @throws ParseException if the existing file is not a file of labels
     * @throws StoreException if the file cannot be written
     */
    public static int appendDrawnPassages(Path file, List<PassageLabelRequest> requests) {
        Set<Pair> present = present(file).passages;
        List<JsonNode> lines = new ArrayList<>();
        for (PassageLabelRequest r : requests) {
            if (present.add(new Pair(r.queryId(), r.passage()))) {
                ObjectNode line = passageLine(r.queryId(), r.passage(), r.inputs(), Optional.of(r.draw()));
                line.putNull(GRADE);
                line.put("question", r.question());
                line.put("text", r.text());
                lines.add(line);
            }
        }
        appendLines(file, lines);
        return lines.size();
    }

    /** The cells and passages a file holds a line for, labelled or waiting. */
    private record Present(Set<Cell.OnMetric> cells, Set<Pair> passages) {}

    private static Present present(Path file) {
        Present present = new Present(new HashSet<>(), new HashSet<>());
        if (!Files.exists(file)) {
            return present;
        }
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String text;
            int number = 0;
            while ((text = in.readLine()) != null) {
                number++;
                if (text.isBlank()) {
                    continue;
                }
                JsonNode node = object(file, number, text);
                if (node.has(PASSAGE)) {
                    present.passages.add(parsePassage(file, number, node).pair);
                } else {
                    Parsed p = parse(file, number, node);
                    present.cells.add(new Cell(p.retriever, p.questionId).on(p.metric));
                }
            }
        } catch (IOException e) {
            throw new StoreException(file, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return present;
    }

    private static ObjectNode passageLine(String queryId, String passage, String inputs, Optional<LabelDraw> draw) {
        ObjectNode line = Json.objectNode();
        line.put("metric", PassageLabel.METRIC);
        line.put("questionId", queryId);
        line.put(PASSAGE, passage);
        line.put("inputs", inputs);
        draw.ifPresent(d -> line.set("draw", Json.toTree(d)));
        return line;
    }

    private static void appendLines(Path file, List<JsonNode> lines) {
        if (lines.isEmpty()) {
            return;
        }
        StringBuilder text = new StringBuilder();
        try {
            for (JsonNode line : lines) {
                text.append(Json.writer().writeValueAsString(line)).append('\n');
            }
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) {
                Files.createDirectories(parent);
            }
            // A file lock keeps other processes out, but within one process the threads must queue first.
            synchronized (MONITORS.computeIfAbsent(file.toAbsolutePath().normalize(), f -> new Object())) {
                appendWhole(file, text.toString());
            }
        } catch (IOException e) {
            throw new StoreException(file, "cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static void appendWhole(Path file, String text) throws IOException {
        try (FileChannel channel =
                FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            // Held until the channel closes: another process's append waits for this one's line.
            channel.lock();
            long end = endOfLastWholeLine(channel);
            channel.position(end);
            ByteBuffer bytes =
                    ByteBuffer.wrap((needsNewline(channel, end) ? "\n" + text : text).getBytes(StandardCharsets.UTF_8));
            while (bytes.hasRemaining()) {
                channel.write(bytes);
            }
            channel.truncate(channel.position());
            channel.force(true);
        }
    }

    /**
     * Where the next line goes: the end of the file, or the start of a last line that is neither
     * ended nor a JSON object (a line torn by a crash, never acknowledged). A last line that parses
     * but lacks its newline (written by hand) is kept.
     */
    private static long endOfLastWholeLine(FileChannel channel) throws IOException {
        long size = channel.size();
        if (size == 0 || byteAt(channel, size - 1) == '\n') {
            return size;
        }
        long start = size - 1;
        while (start > 0 && byteAt(channel, start - 1) != '\n') {
            start--;
        }
        ByteBuffer last = ByteBuffer.allocate((int) (size - start));
        channel.read(last, start);
        try {
            JsonNode node = Json.reader().readTree(new String(last.array(), StandardCharsets.UTF_8));
            return node != null && node.isObject() ? size : start;
        } catch (IOException e) {
            return start;
        }
    }

    private static boolean needsNewline(FileChannel channel, long end) throws IOException {
        return end > 0 && byteAt(channel, end - 1) != '\n';
    }

    private static byte byteAt(FileChannel channel, long position) throws IOException {
        ByteBuffer one = ByteBuffer.allocate(1);
        channel.read(one, position);
        return one.get(0);
    }

    /** One line: its cell, and its label unless it waits for one. */
    private record Parsed(String retriever, String questionId, String metric, HumanLabel label) {}

    private static JsonNode object(Path file, int number, String text) {
        JsonNode n;
        try {
            n = Json.reader().readTree(text);
        } catch (IOException e) {
            throw notAnObject(file, number, e);
        }
        if (n == null || !n.isObject()) {
            throw notAnObject(file, number, null);
        }
        return n;
    }

    /** One passage line: its pair, and its label unless it waits for one. */
    private record ParsedPassage(Pair pair, PassageLabel label) {}

    private static ParsedPassage parsePassage(Path file, int number, JsonNode n) {
        Pair pair = new Pair(text(file, number, n, "questionId"), text(file, number, n, PASSAGE));
        Optional<LabelDraw> draw = draw(file, number, n);
        JsonNode grade = n.path(GRADE);
        if (grade.isNull() || grade.isMissingNode()) {
            if (draw.isPresent()) {
                return new ParsedPassage(pair, null);
            }
            throw new ParseException(
                    file,
                    "line " + number + ": field 'grade' is missing; give a whole number from 0 to 3 (a drawn"
                            + " passage waiting for its grade has \"grade\": null and its \"draw\")",
                    null);
        }
        if (!grade.isIntegralNumber() || grade.asInt() < 0 || grade.asInt() > PassageLabel.MAX_GRADE) {
            throw new ParseException(
                    file,
                    "line " + number + ": field 'grade' must be 0, 1, 2 or 3, was " + OneLine.of(grade.toString()),
                    null);
        }
        String labelledAt = labelledAt(file, number, n);
        return new ParsedPassage(
                pair,
                new PassageLabel(
                        pair.queryId,
                        pair.passage,
                        grade.asInt(),
                        optionalText(file, number, n, "labeller"),
                        labelledAt,
                        optionalText(file, number, n, "inputs"),
                        draw));
    }

    private static String labelledAt(Path file, int number, JsonNode n) {
        String labelledAt = optionalText(file, number, n, "labelledAt");
        if (!labelledAt.isEmpty()) {
            try {
                Instant.parse(labelledAt);
            } catch (DateTimeParseException e) {
                throw new ParseException(
                        file,
                        "line " + number + ": field 'labelledAt' must be an ISO-8601 instant such as"
                                + " 2026-03-01T12:00:00Z, was " + OneLine.quote(labelledAt),
                        e);
            }
        }
        return labelledAt;
    }

    private static Parsed parse(Path file, int number, JsonNode n) {
        String retriever = text(file, number, n, "retriever");
        String questionId = text(file, number, n, "questionId");
        String metric = text(file, number, n, "metric");
        Optional<LabelDraw> draw = draw(file, number, n);
        JsonNode score = n.path("score");
        if (score.isNull() || score.isMissingNode()) {
            if (draw.isPresent()) {
                return new Parsed(retriever, questionId, metric, null);
            }
            throw new ParseException(
                    file,
                    "line " + number + ": field 'score' is missing; give a number from 0 to 1 (a drawn cell"
                            + " waiting for its label has \"score\": null and its \"draw\")",
                    null);
        }
        if (!score.isNumber() || !(score.asDouble() >= 0 && score.asDouble() <= 1)) {
            throw new ParseException(
                    file,
                    "line " + number + ": field 'score' must be a number from 0 to 1, was "
                            + OneLine.of(score.toString()),
                    null);
        }
        String labelledAt = labelledAt(file, number, n);
        return new Parsed(
                retriever,
                questionId,
                metric,
                new HumanLabel(
                        retriever,
                        questionId,
                        metric,
                        score.asDouble(),
                        optionalText(file, number, n, "labeller"),
                        labelledAt,
                        optionalText(file, number, n, "inputs"),
                        draw));
    }

    private static ParseException notAnObject(Path file, int number, IOException cause) {
        return new ParseException(
                file,
                "line " + number + " is not a JSON object; correct the line or delete it (every line is one"
                        + " label such as {\"retriever\": \"bm25\", \"questionId\": \"q1\", \"metric\":"
                        + " \"faithfulness\", \"score\": 1})",
                cause);
    }

    private static Optional<LabelDraw> draw(Path file, int number, JsonNode n) {
        JsonNode draw = n.path("draw");
        if (draw.isNull() || draw.isMissingNode()) {
            return Optional.empty();
        }
        try {
            return Optional.of(Json.fromTree(draw, LabelDraw.class));
        } catch (IOException | IllegalArgumentException e) {
            throw new ParseException(
                    file,
                    "line " + number + ": field 'draw' is not a draw raglens wrote (" + OneLine.of(e.getMessage())
                            + "); draw the cells again with raglens label-sample",
                    e);
        }
    }

    private static String text(Path file, int number, JsonNode n, String field) {
        JsonNode v = n.path(field);
        if (!v.isTextual() || v.asText().isBlank()) {
            throw new ParseException(
                    file, "line " + number + ": field '" + field + "' must be a non-empty string", null);
        }
        return v.asText();
    }

    private static String optionalText(Path file, int number, JsonNode n, String field) {
        JsonNode v = n.path(field);
        if (v.isNull() || v.isMissingNode()) {
            return "";
        }
        if (!v.isTextual()) {
            throw new ParseException(file, "line " + number + ": field '" + field + "' must be a string", null);
        }
        return v.asText();
    }
}
