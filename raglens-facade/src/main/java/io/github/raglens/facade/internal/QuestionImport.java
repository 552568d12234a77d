package io.github.raglens.facade.internal;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.error.RagLensException;
import io.github.raglens.error.Setting;
import io.github.raglens.eval.evidence.EvidenceIndex;
import io.github.raglens.eval.evidence.EvidenceRule;
import io.github.raglens.internal.Json;
import io.github.raglens.internal.JsonlStore;
import io.github.raglens.internal.OneLine;
import io.github.raglens.model.Chunk;
import io.github.raglens.model.QuestionSample;
import io.github.raglens.model.QuestionStatus;
import io.github.raglens.result.QuestionExclusion;
import io.github.raglens.result.QuestionImportResult;
import io.github.raglens.store.ChunksFile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads a team's own question set (JSONL, or CSV with a header row) into {@code questions.jsonl}.
 * Every row needs {@code question} and {@code answer}; {@code evidence} (a verbatim quote), {@code
 * source} (the file it comes from), {@code page} and {@code id} are optional. Every row is checked
 * before anything is written, and every problem is reported with its line and field. Evidence is
 * checked against the ingested corpus as the benchmark checks it: a quote in no chunk is an error, a
 * quote too short or in too many chunks to identify its passage a warning naming the line.
 */
public final class QuestionImport {

    /** The model recorded for imported questions. */
    static final String MODEL = "imported";

    private static final List<String> FIELDS = List.of("id", "question", "answer", "evidence", "source", "page");
    /** The most characters of problems one refusal lists; the rest are counted. */
    private static final int MAX_LISTED = 600;

    private QuestionImport() {}

    /** One row of the file, by field name, with the line it starts on. */
    private record Row(int line, Map<String, String> fields) {}

    public static QuestionImportResult run(Path file, Path questionsFile, Path chunksFile, EvidenceRule rule) {
        if (!Files.isRegularFile(file)) {
            throw new RagLensException("no question file at " + file + "; give a .jsonl or .csv file");
        }
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new RagLensException("cannot read " + file + ": " + e.getMessage(), e);
        }
        List<String> errors = new ArrayList<>();
        List<Row> rows = file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".csv")
                ? csv(text, errors)
                : jsonl(text, errors);
        List<Chunk> chunks = Files.exists(chunksFile) ? ChunksFile.read(chunksFile) : List.of();
        SourceDocuments sources = SourceDocuments.of(chunks);
        EvidenceIndex corpus = chunks.isEmpty() ? null : EvidenceIndex.of(chunks);
        List<String> warnings = new ArrayList<>();
        List<QuestionSample> records = new ArrayList<>();
        Map<String, Integer> lineOfId = new HashMap<>();
        int unchecked = 0;
        for (Row row : rows) {
            QuestionSample r = record(row, sources, errors);
            if (r != null && !r.evidence().isEmpty()) {
                if (corpus == null) {
                    unchecked++;
                } else {
                    checkEvidence(row.line(), r.evidence(), rule.check(r.evidence(), corpus), errors, warnings);
                }
            }
            if (r != null) {
                Integer first = lineOfId.putIfAbsent(r.id(), row.line());
                if (first != null) {
                    errors.add("line " + row.line() + ": id " + OneLine.quote(r.id()) + " is already used on line "
                            + first);
                } else {
                    records.add(r);
                }
            }
        }
        if (rows.isEmpty() && errors.isEmpty()) {
            errors.add("no questions in the file");
        }
        if (!errors.isEmpty()) {
            errors.sort(java.util.Comparator.comparingInt(QuestionImport::lineOf));
            throw new RagLensException(file + ": " + listed(errors, "; ", MAX_LISTED)
                    + "; nothing was imported (each row needs question and answer; evidence, source, page"
                    + " and id are optional)");
        }
        try (JsonlStore<QuestionSample> store =
                JsonlStore.open(questionsFile, QuestionSample.class, QuestionSample::key)) {
            records.forEach(store::append);
        }
        if (unchecked > 0) {
            warnings.add("the evidence of " + unchecked + (unchecked == 1 ? " question" : " questions")
                    + " is not checked: nothing is ingested yet (" + chunksFile + " is missing); the benchmark"
                    + " checks it against the corpus");
        }
        return new QuestionImportResult(records.size(), warnings);
    }

    /**
     * A quote in no chunk is an error: no retriever could find it (a typo, or text the parser reads
     * otherwise). One too short or in too many chunks is imported with a warning: the question still
     * serves answer metrics and document relevance, and evidence relevance counts it apart.
     */
    private static void checkEvidence(
            int line, String evidence, EvidenceRule.Check check, List<String> errors, List<String> warnings) {
        check.problem().ifPresent(problem -> {
            String quoted = OneLine.quote(evidence.length() <= 60 ? evidence : evidence.substring(0, 57) + "...");
            if (problem == QuestionExclusion.EVIDENCE_NOT_FOUND) {
                errors.add("line " + line + ": field 'evidence' " + quoted + " occurs in no chunk of the corpus;"
                        + " quote the documents word for word (spaces, quotes, dashes and ligatures may differ)");
            } else if (problem.isAmbiguousEvidence()) {
                warnings.add("line " + line + ": " + check.describe() + " (" + quoted + "); evidence relevance leaves"
                        + " the question out unless told to keep it (" + Setting.AMBIGUOUS_EVIDENCE.apiName() + ")");
            }
        });
    }

    private static QuestionSample record(Row row, SourceDocuments sources, List<String> errors) {
        Map<String, String> f = row.fields();
        String where = "line " + row.line() + ": ";
        String question = f.getOrDefault("question", "").strip();
        String answer = f.getOrDefault("answer", "").strip();
        boolean ok = true;
        if (question.isEmpty()) {
            errors.add(where + "field 'question' is missing or empty");
            ok = false;
        }
        if (answer.isEmpty()) {
            errors.add(where + "field 'answer' is missing or empty");
            ok = false;
        }
        String page = f.getOrDefault("page", "").strip();
        if (!page.isEmpty() && !page.matches("[1-9][0-9]{0,5}")) {
            errors.add(where + "field 'page' must be a page number (1, 2, …), was " + OneLine.quote(page));
            ok = false;
        }
        if (!ok) {
            return null;
        }
        String id = f.getOrDefault("id", "").strip();
        if (id.isEmpty()) {
            id = "imported-" + sha(question);
        }
        String source = f.getOrDefault("source", "").strip();
        String documentId = source.isEmpty() ? "" : sources.documentOf(source).orElse(source);
        return new QuestionSample(
                id,
                question,
                answer,
                f.getOrDefault("evidence", "").strip(),
                "import:" + id,
                documentId,
                "",
                QuestionStatus.SUCCESS,
                "",
                false,
                MODEL);
    }

    private static List<Row> jsonl(String text, List<String> errors) {
        List<Row> rows = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int i = 0; i < lines.length; i++) {
            String line = lines[i].strip();
            if (line.isEmpty()) {
                continue;
            }
            JsonNode node;
            try {
                node = Json.reader().readTree(line);
            } catch (IOException e) {
                errors.add("line " + (i + 1) + ": not a JSON object");
                continue;
            }
            if (!node.isObject()) {
                errors.add("line " + (i + 1) + ": not a JSON object");
                continue;
            }
            Map<String, String> fields = new HashMap<>();
            boolean ok = true;
            for (String name : FIELDS) {
                JsonNode v = node.get(name);
                if (v == null || v.isNull()) {
                    continue;
                }
                if (!v.isValueNode()) {
                    errors.add("line " + (i + 1) + ": field '" + name + "' must be text or a number");
                    ok = false;
                } else {
                    fields.put(name, v.asText());
                }
            }
            if (ok) {
                rows.add(new Row(i + 1, fields));
            }
        }
        return rows;
    }

    /** RFC 4180 CSV: a header row naming the fields, quoted fields may hold commas, quotes and line breaks. */
    private static List<Row> csv(String text, List<String> errors) {
        List<List<String>> records = new ArrayList<>();
        List<Integer> startLines = new ArrayList<>();
        List<String> current = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        int line = 1;
        int start = 1;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    if (c == '\n') {
                        line++;
                    }
                    field.append(c);
                }
            } else if (c == '"' && field.isEmpty()) {
                quoted = true;
            } else if (c == ',') {
                current.add(field.toString());
                field.setLength(0);
            } else if (c == '\n' || c == '\r') {
                if (c == '\r' && i + 1 < text.length() && text.charAt(i + 1) == '\n') {
                    i++;
                }
                current.add(field.toString());
                field.setLength(0);
                records.add(current);
                startLines.add(start);
                current = new ArrayList<>();
                line++;
                start = line;
            } else {
                field.append(c);
            }
        }
        if (quoted) {
            errors.add("line " + start + ": a quoted field is not closed");
            return List.of();
        }
        if (!field.isEmpty() || !current.isEmpty()) {
            current.add(field.toString());
            records.add(current);
            startLines.add(start);
        }
        if (records.isEmpty()) {
            return List.of();
        }
        List<String> header = records.getFirst().stream()
                .map(h -> h.strip().toLowerCase(Locale.ROOT))
                .toList();
        List<String> unknown = header.stream()
                .filter(h -> !FIELDS.contains(h))
                .map(OneLine::quote)
                .toList();
        if (!unknown.isEmpty()) {
            errors.add("line 1: unknown column" + (unknown.size() == 1 ? " " : "s ")
                    + listed(unknown, ", ", MAX_LISTED / 2) + "; use " + String.join(", ", FIELDS));
            return List.of();
        }
        List<Row> rows = new ArrayList<>();
        for (int r = 1; r < records.size(); r++) {
            List<String> values = records.get(r);
            if (values.size() == 1 && values.getFirst().isBlank()) {
                continue;
            }
            if (values.size() != header.size()) {
                errors.add("line " + startLines.get(r) + ": " + values.size() + " fields, the header has "
                        + header.size());
                continue;
            }
            Map<String, String> fields = new HashMap<>();
            for (int i = 0; i < header.size(); i++) {
                fields.put(header.get(i), values.get(i));
            }
            rows.add(new Row(startLines.get(r), fields));
        }
        return rows;
    }

    /**
     * The items joined while they fit in {@code budget} characters (the first always), and how many
     * more there are: a file with a problem on every line gets a refusal a person reads.
     */
    private static String listed(List<String> items, String separator, int budget) {
        StringBuilder out = new StringBuilder(items.getFirst());
        int shown = 1;
        while (shown < items.size()
                && out.length() + separator.length() + items.get(shown).length() <= budget) {
            out.append(separator).append(items.get(shown++));
        }
        return shown < items.size() ? out + separator + "and " + (items.size() - shown) + " more" : out.toString();
    }

    /** The line number an error starts with ({@code "line 12: ..."}), 0 for none. */
    private static int lineOf(String error) {
        return error.startsWith("line ") ? Integer.parseInt(error.substring(5, error.indexOf(':'))) : 0;
    }

    private static String sha(String text) {
        try {
            byte[] d = MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(d, 0, 6);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
