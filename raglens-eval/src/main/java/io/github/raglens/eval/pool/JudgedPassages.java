package io.github.raglens.eval.pool;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.ParseException;
import io.github.raglens.eval.answers.AnswerGenerator;
import io.github.raglens.internal.Json;
import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The graded pool as a file people's grades are drawn from ({@code judged-passages.jsonl} beside the
 * graded qrels): one line per pooled passage of a question with a graded passage, with the question's
 * and the passage's text, its grade and whether the evidence rule gave it, and the judge model and
 * grading prompt version. Rewritten whole (through a temporary file) each time a pool is graded.
 */
public final class JudgedPassages {

    /** The file's name in the folder of the TREC files. */
    public static final String FILE = "judged-passages.jsonl";

    private JudgedPassages() {}

    /**
     * One graded passage of the pool.
     *
     * @param queryId the question's id in the qrels
     * @param question the question
     * @param passage the passage's id in the qrels
     * @param text the passage's text
     * @param grade its grade 0–3
     * @param byEvidence whether it holds the evidence quote, graded 3 by that rule and not by the judge
     * @param judgeModel the judge model
     * @param version the grading prompt's version
     */
    public record Entry(
            String queryId,
            String question,
            String passage,
            String text,
            int grade,
            boolean byEvidence,
            String judgeModel,
            String version) {

        /** Validates that no text is null. */
        public Entry {
            Objects.requireNonNull(queryId, "queryId");
            Objects.requireNonNull(question, "question");
            Objects.requireNonNull(passage, "passage");
            Objects.requireNonNull(text, "text");
            Objects.requireNonNull(judgeModel, "judgeModel");
            Objects.requireNonNull(version, "version");
        }

        /** The hash of what the judge graded (question and passage text), recorded with a person's grade. */
        public String inputs() {
            return inputsOf(question, text);
        }
    }

    /** The hash of a question and a passage's text, as a person's grade of the pair records it. */
    static String inputsOf(String question, String text) {
        return AnswerGenerator.hash(List.of(question, text));
    }

    /**
     * Writes the graded passages of a pool.
     *
     * @param qrels the grades, per query id, per passage id; passages without one are left out
     * @throws UncheckedIOException if the file cannot be written
     */
    public static void write(
            Pool pool, Map<String, Map<String, Integer>> qrels, String judgeModel, String version, Path dir) {
        Path file = dir.resolve(FILE);
        Path temporary = dir.resolve(FILE + ".tmp");
        try {
            Files.createDirectories(dir);
            try (BufferedWriter w = Files.newBufferedWriter(temporary, StandardCharsets.UTF_8)) {
                for (Entry e : entries(pool, qrels, judgeModel, version)) {
                    w.write(Json.writer().writeValueAsString(e));
                    w.write('\n');
                }
            }
            Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    /** The graded passages of a pool, question by question in the pool's order; ungraded ones left out. */
    static List<Entry> entries(Pool pool, Map<String, Map<String, Integer>> qrels, String judgeModel, String version) {
        List<Entry> out = new ArrayList<>();
        for (PoolQuestion q : pool.questions()) {
            Map<String, Integer> grades = qrels.getOrDefault(q.queryId(), Map.of());
            for (PooledPassage p : pool.passages(q.queryId())) {
                Integer grade = grades.get(p.id());
                if (grade != null) {
                    out.add(new Entry(
                            q.queryId(),
                            q.question(),
                            p.id(),
                            p.text(),
                            grade,
                            p.holdsEvidence(),
                            judgeModel,
                            version));
                }
            }
        }
        return out;
    }

    /**
     * Reads the graded passages written to a folder.
     *
     * @return the passages in file order; empty when the file is missing (no pool graded yet)
     * @throws ParseException naming the line that is not a graded passage
     * @throws UncheckedIOException if the file cannot be read
     */
    public static List<Entry> read(Path dir) {
        Path file = dir.resolve(FILE);
        if (!Files.exists(file)) {
            return List.of();
        }
        List<Entry> out = new ArrayList<>();
        int number = 0;
        try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String line;
            while ((line = in.readLine()) != null) {
                number++;
                if (line.isBlank()) {
                    continue;
                }
                try {
                    JsonNode node = Json.reader().readTree(line);
                    out.add(Json.fromTree(node, Entry.class));
                } catch (IOException | IllegalArgumentException | NullPointerException e) {
                    throw new ParseException(
                            file,
                            "line " + number + " is not a graded passage (" + Json.problem(e)
                                    + "); grade the pool again with raglens benchmark --relevance judged --judge-only",
                            e);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return List.copyOf(out);
    }
}
