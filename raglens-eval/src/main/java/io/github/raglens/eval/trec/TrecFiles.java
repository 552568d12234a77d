package io.github.raglens.eval.trec;

import io.github.raglens.error.ParseException;
import io.github.raglens.eval.ScoredId;
import io.github.raglens.internal.OneLine;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Reads qrels ({@code qid iter docno rel}) and runs ({@code qid Q0 docno rank score runid}). */
final class TrecFiles {

    private TrecFiles() {}

    /** A parsed run: the scored documents per query and the run id of its last line. */
    record Run(Map<String, List<ScoredId>> byQuery, String runId) {}

    static Map<String, Map<String, Integer>> readQrels(Path file) {
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        int lineNumber = 0;
        try (BufferedReader in = open(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                String[] f = fields(line);
                if (f == null) {
                    continue;
                }
                if (f.length < 4) {
                    throw new ParseException(
                            file,
                            "line " + lineNumber + " has " + f.length
                                    + " fields; a qrels line is 'qid iteration docid relevance'",
                            null);
                }
                int rel;
                try {
                    rel = Integer.parseInt(f[3]);
                } catch (NumberFormatException e) {
                    throw new ParseException(
                            file,
                            "line " + lineNumber + ": relevance " + OneLine.quote(f[3]) + " is not an integer",
                            e);
                }
                Map<String, Integer> docs = qrels.computeIfAbsent(f[0], q -> new HashMap<>());
                if (docs.put(f[2], rel) != null) {
                    throw new ParseException(
                            file,
                            "line " + lineNumber + ": document " + OneLine.quote(f[2]) + " is judged twice for query "
                                    + OneLine.quote(f[0]),
                            null);
                }
            }
        } catch (CharacterCodingException e) {
            throw new ParseException(
                    file, "line " + (lineNumber + 1) + " is not UTF-8 text; save the file as UTF-8", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return qrels;
    }

    static Run readRun(Path file) {
        Map<String, List<ScoredId>> run = new LinkedHashMap<>();
        String runId = "";
        int lineNumber = 0;
        try (BufferedReader in = open(file)) {
            String line;
            while ((line = in.readLine()) != null) {
                lineNumber++;
                String[] f = fields(line);
                if (f == null) {
                    continue;
                }
                if (f.length < 6) {
                    throw new ParseException(
                            file,
                            "line " + lineNumber + " has " + f.length
                                    + " fields; a run line is 'qid Q0 docid rank score runid'",
                            null);
                }
                double score;
                try {
                    score = Double.parseDouble(f[4]);
                } catch (NumberFormatException e) {
                    throw new ParseException(
                            file, "line " + lineNumber + ": score " + OneLine.quote(f[4]) + " is not a number", e);
                }
                run.computeIfAbsent(f[0], q -> new ArrayList<>()).add(new ScoredId(f[2], score));
                runId = f[5];
            }
        } catch (CharacterCodingException e) {
            throw new ParseException(
                    file, "line " + (lineNumber + 1) + " is not UTF-8 text; save the file as UTF-8", e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        return new Run(run, runId);
    }

    private static BufferedReader open(Path file) throws IOException {
        try {
            return Files.newBufferedReader(file, StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw new ParseException(file, "no such file", e);
        }
    }

    /** The whitespace-separated fields of a line, or null for a blank or comment line. */
    private static String[] fields(String line) {
        String trimmed = line.strip();
        if (trimmed.isEmpty() || trimmed.charAt(0) == '#') {
            return null;
        }
        return trimmed.split("\\s+");
    }
}
