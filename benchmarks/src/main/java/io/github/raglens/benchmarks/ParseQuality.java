package io.github.raglens.benchmarks;

import com.fasterxml.jackson.databind.JsonNode;
import io.github.raglens.internal.Json;
import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Heading and table precision and recall of a parsed document against ground truth, with the rules
 * of the shared-set checks: a heading matches a true heading with the same words once its numbering
 * is stripped (each true heading matched once); a found table matches a true table on its page when it
 * holds at least half of the true table's non-blank cells (each table on either side matched once, so
 * two true tables merged into one count as one found).
 */
final class ParseQuality {

    private static final Pattern NUMBERING =
            Pattern.compile("^\\s*(?:(?:\\d+|[A-Z])(?:\\.\\d+)*\\.?|[IVXLC]+\\.|\\d+\\))\\s+");

    private ParseQuality() {}

    /** Matched, found and expected items; precision and recall of the found ones. */
    record Counts(int matched, int found, int expected) {
        static final Counts NONE = new Counts(0, 0, 0);

        Counts plus(Counts o) {
            return new Counts(matched + o.matched, found + o.found, expected + o.expected);
        }

        double precision() {
            return found == 0 ? 0 : (double) matched / found;
        }

        double recall() {
            return expected == 0 ? 0 : (double) matched / expected;
        }

        @Override
        public String toString() {
            return String.format(
                    Locale.ROOT,
                    "precision %.3f, recall %.3f (%d matched, %d found, %d true)",
                    precision(),
                    recall(),
                    matched,
                    found,
                    expected);
        }
    }

    /** A true table: its page (0 when the source does not say, matching any page) and its cells, row by row. */
    record TrueTable(int page, List<List<String>> cells) {}

    /** The ground truth of one generated document. */
    record Truth(Path pdf, List<String> headings, List<TrueTable> tables) {}

    /**
     * The generated corpus: every {@code NAME.json} in the folder with its {@code NAME.pdf}; the true
     * headings are the sections, without run-in paragraph headings.
     */
    static List<Truth> corpus(Path folder) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.list(folder)) {
            files = s.filter(p -> p.toString().endsWith(".json")).sorted().toList();
        }
        List<Truth> out = new ArrayList<>();
        for (Path json : files) {
            JsonNode root = Json.readTree(json);
            List<String> headings = new ArrayList<>();
            for (JsonNode h : root.get("headings")) {
                // a run-in heading (LaTeX's \\paragraph) stays the lead-in of its paragraph: outlines leave
                // that level out, so the parser opens no section for it
                if (!h.path("runIn").asBoolean(false)) {
                    headings.add(h.get("title").asText());
                }
            }
            List<TrueTable> tables = new ArrayList<>();
            for (JsonNode t : root.get("tables")) {
                List<List<String>> cells = new ArrayList<>();
                t.get("cells").forEach(row -> {
                    List<String> r = new ArrayList<>();
                    row.forEach(c -> r.add(c.asText()));
                    cells.add(r);
                });
                tables.add(new TrueTable(t.get("page").asInt(), cells));
            }
            out.add(new Truth(json.resolveSibling(root.get("file").asText()), headings, tables));
        }
        return out;
    }

    /** The headings of a document (every section below the root) against the true titles. */
    static Counts headings(Document document, List<String> truth) {
        return headingMatch(document, truth).counts();
    }

    /** Heading counts with the found headings that match no true one and the true ones not found. */
    record HeadingMatch(Counts counts, List<String> extra, List<String> missed) {}

    static HeadingMatch headingMatch(Document document, List<String> truth) {
        return headingMatch(document, truth, title -> true);
    }

    /** Heading counts of the section titles {@code counted} keeps. */
    static HeadingMatch headingMatch(Document document, List<String> truth, Predicate<String> counted) {
        List<String> found = new ArrayList<>();
        titles(document.root(), found);
        found.removeIf(counted.negate());
        List<String> want = new ArrayList<>(truth);
        List<String> wantKeys =
                new ArrayList<>(truth.stream().map(ParseQuality::key).toList());
        List<String> extra = new ArrayList<>();
        for (String f : found) {
            int at = wantKeys.indexOf(key(f));
            if (at < 0) {
                extra.add(f);
            } else {
                wantKeys.remove(at);
                want.remove(at);
            }
        }
        return new HeadingMatch(new Counts(found.size() - extra.size(), found.size(), truth.size()), extra, want);
    }

    /** The found tables of the given pages against the true tables of those pages. */
    static Counts tables(List<Table> found, List<TrueTable> truth) {
        List<Table> unused = new ArrayList<>(found);
        int matched = 0;
        for (TrueTable t : truth) {
            Table best = null;
            double bestShare = 0.5;
            for (Table f : unused) {
                if (t.page() == 0 || f.page() == t.page()) {
                    double share = share(t.cells(), f.rows());
                    if (share >= bestShare) {
                        best = f;
                        bestShare = share;
                    }
                }
            }
            if (best != null) {
                unused.remove(best);
                matched++;
            }
        }
        return new Counts(matched, found.size(), truth.size());
    }

    /** Every table of a document. */
    static List<Table> tables(Document document) {
        List<Table> out = new ArrayList<>();
        tables(document.root(), out);
        return out;
    }

    /** The share of the true table's non-blank cells that the found table holds (as a multiset). */
    static double share(List<List<String>> truth, List<List<String>> found) {
        return share(truth, found, ParseQuality::cell);
    }

    /** The share of the true table's non-blank cells that the found table holds, cells compared by {@code key}. */
    static double share(List<List<String>> truth, List<List<String>> found, Function<String, String> key) {
        Map<String, Integer> have = new HashMap<>();
        for (List<String> row : found) {
            for (String c : row) {
                have.merge(key.apply(c), 1, Integer::sum);
            }
        }
        int total = 0;
        int hit = 0;
        for (List<String> row : truth) {
            for (String c : row) {
                String k = key.apply(c);
                if (k.isEmpty()) {
                    continue;
                }
                total++;
                Integer left = have.get(k);
                if (left != null && left > 0) {
                    hit++;
                    have.put(k, left - 1);
                }
            }
        }
        return total == 0 ? 0 : (double) hit / total;
    }

    static String cell(String text) {
        return Normalizer.normalize(text, Normalizer.Form.NFKC)
                .replaceAll("\\s+", " ")
                .strip();
    }

    static String key(String title) {
        return NUMBERING
                .matcher(Normalizer.normalize(title, Normalizer.Form.NFKC))
                .replaceFirst("")
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^\\p{L}\\p{Nd}]", "");
    }

    private static void titles(Section s, List<String> out) {
        if (s.level() > 0) {
            out.add(s.title());
        }
        s.children().forEach(c -> titles(c, out));
    }

    private static void tables(Section s, List<Table> out) {
        out.addAll(s.tables());
        s.children().forEach(c -> tables(c, out));
    }
}
