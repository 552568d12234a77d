package io.github.raglens.retrieval;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectReader;
import io.github.raglens.error.ParseException;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.OneLine;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.ChunkType;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * A retrieval benchmark in BEIR format: {@code corpus.jsonl} ({@code _id}, {@code title},
 * {@code text}; or {@code corpus.jsonl.gz}), {@code queries.jsonl} ({@code _id}, {@code text}) and
 * {@code qrels/<split>.tsv} (query id, corpus id, relevance; a header line is skipped).
 *
 * <p>Each corpus document becomes one whole-section chunk whose id, document id and section id are the
 * document's {@code _id}, whose section path is its title, and whose text is the title and text in one
 * field separated by a space, as Anserini's "flat" BEIR indexes do.
 *
 * @param name the dataset's folder name
 * @param corpus one chunk per document, in file order
 * @param queries the texts of the queries judged in the split, by query id, in file order
 * @param qrels the judgements of the split: query id → document id → relevance
 */
public record BeirDataset(
        String name, List<Chunk> corpus, Map<String, String> queries, Map<String, Map<String, Integer>> qrels) {

    /** Validates and copies the fields. */
    public BeirDataset {
        Objects.requireNonNull(name, "name");
        corpus = List.copyOf(corpus);
        queries = Collections.unmodifiableMap(new LinkedHashMap<>(queries));
        Map<String, Map<String, Integer>> q = new LinkedHashMap<>();
        qrels.forEach((k, v) -> q.put(k, Collections.unmodifiableMap(new LinkedHashMap<>(v))));
        qrels = Collections.unmodifiableMap(q);
    }

    /**
     * Loads the {@code test} split of the dataset in a folder.
     *
     * @throws ParseException naming the file when a file is missing or malformed
     */
    public static BeirDataset load(Path folder) {
        return load(folder, "test");
    }

    /**
     * Loads a split of the dataset in a folder.
     *
     * @param folder the folder holding {@code corpus.jsonl}, {@code queries.jsonl} and {@code qrels/}
     * @param split the qrels file name without {@code .tsv}, e.g. {@code test}
     * @throws ParseException naming the file when a file is missing or malformed
     */
    public static BeirDataset load(Path folder, String split) {
        Objects.requireNonNull(folder, "folder");
        Objects.requireNonNull(split, "split");
        Path plain = folder.resolve("corpus.jsonl");
        Path corpusFile = !Files.isRegularFile(plain) && Files.isRegularFile(folder.resolve("corpus.jsonl.gz"))
                ? folder.resolve("corpus.jsonl.gz")
                : plain;
        Path queriesFile = folder.resolve("queries.jsonl");
        Path qrelsFile = folder.resolve("qrels").resolve(split + ".tsv");
        for (Path p : List.of(corpusFile, queriesFile, qrelsFile)) {
            if (!Files.isRegularFile(p)) {
                throw new ParseException(
                        p,
                        "file not found; a BEIR dataset folder holds corpus.jsonl, queries.jsonl" + " and qrels/"
                                + split + ".tsv",
                        null);
            }
        }
        Map<String, Map<String, Integer>> qrels = readQrels(qrelsFile);
        List<Chunk> corpus = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        readJsonLines(corpusFile, (line, node) -> {
            String id = text(corpusFile, line, node, "_id", true);
            String title = text(corpusFile, line, node, "title", false);
            String body = text(corpusFile, line, node, "text", false);
            String all = title.isEmpty() ? body : body.isEmpty() ? title : title + " " + body;
            if (ids.add(id)) {
                corpus.add(new Chunk(
                        id,
                        id,
                        id,
                        null,
                        title,
                        ChunkType.PARENT_SECTION,
                        Chunk.WHOLE_SECTION,
                        0,
                        all,
                        0,
                        all.length(),
                        0,
                        0));
            }
        });
        Map<String, String> queries = new LinkedHashMap<>();
        readJsonLines(queriesFile, (line, node) -> {
            String id = text(queriesFile, line, node, "_id", true);
            if (qrels.containsKey(id)) {
                queries.put(id, text(queriesFile, line, node, "text", false));
            }
        });
        for (String qid : qrels.keySet()) {
            if (!queries.containsKey(qid)) {
                throw new ParseException(
                        qrelsFile,
                        "query " + OneLine.quote(qid) + " is not in " + queriesFile
                                + "; use the queries file of the same dataset",
                        null);
            }
        }
        Path name = folder.toAbsolutePath().normalize().getFileName();
        return new BeirDataset(name == null ? "beir" : name.toString(), corpus, queries, qrels);
    }

    private interface LineHandler {
        void accept(int line, JsonNode node);
    }

    private static void readJsonLines(Path file, LineHandler handler) {
        ObjectReader reader = Json.reader();
        int line = 0;
        try (BufferedReader r = reader(file)) {
            String s;
            while ((s = r.readLine()) != null) {
                line++;
                if (s.isBlank()) {
                    continue;
                }
                JsonNode node;
                try {
                    node = reader.readTree(s);
                } catch (IOException e) {
                    throw new ParseException(file, "line " + line + " is not valid JSON; fix or remove the line", e);
                }
                if (!node.isObject()) {
                    throw new ParseException(
                            file, "line " + line + " is not a JSON object; fix or remove the line", null);
                }
                handler.accept(line, node);
            }
        } catch (IOException e) {
            throw unreadable(file, line, e);
        }
    }

    private static String text(Path file, int line, JsonNode node, String field, boolean required) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            if (required) {
                throw new ParseException(
                        file, "line " + line + " has no \"" + field + "\"; every record needs one", null);
            }
            return "";
        }
        return v.asText();
    }

    private static Map<String, Map<String, Integer>> readQrels(Path file) {
        Map<String, Map<String, Integer>> qrels = new LinkedHashMap<>();
        int line = 0;
        try (BufferedReader r = reader(file)) {
            String s;
            while ((s = r.readLine()) != null) {
                line++;
                s = s.strip();
                if (s.isEmpty()) {
                    continue;
                }
                String[] f = s.split("\\s+");
                if (line == 1 && f.length > 0 && f[0].equals("query-id")) {
                    continue;
                }
                if (f.length != 3) {
                    throw new ParseException(
                            file,
                            "line " + line + " has " + f.length
                                    + " fields; expected: query-id, corpus-id, score separated by tabs",
                            null);
                }
                int rel;
                try {
                    rel = Integer.parseInt(f[2]);
                } catch (NumberFormatException e) {
                    throw new ParseException(
                            file, "line " + line + " has score " + OneLine.quote(f[2]) + "; expected an integer", e);
                }
                qrels.computeIfAbsent(f[0], x -> new LinkedHashMap<>()).put(f[1], rel);
            }
        } catch (IOException e) {
            throw unreadable(file, line, e);
        }
        return qrels;
    }

    /** A file that could not be read to its end: a broken gzip stream, or an I/O error. */
    private static ParseException unreadable(Path file, int linesRead, IOException e) {
        return new ParseException(file, "cannot read after line " + linesRead + ": " + OneLine.of(e.getMessage()), e);
    }

    private static BufferedReader reader(Path file) throws IOException {
        InputStream in = Files.newInputStream(file);
        if (file.getFileName().toString().endsWith(".gz")) {
            in = new GZIPInputStream(in, 1 << 16);
        }
        return new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8), 1 << 16);
    }
}
