package io.github.raglens.chunk;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Random documents shaped like parsed papers — sections of paragraphs, pipe tables and {@code $$}
 * formulas — together with where each table and formula was put, so that tests can check the chunks
 * against the truth rather than against the chunker's own detection.
 */
final class GeneratedCorpus {

    private static final String[] WORDS = {
        "retrieval",
        "the",
        "of",
        "model",
        "dense",
        "a",
        "sparse",
        "query",
        "document",
        "ranking",
        "we",
        "and",
        "passage",
        "encoder",
        "is",
        "training",
        "BM25",
        "to",
        "results",
        "in",
        "table",
        "show",
        "that",
        "attention",
        "layer",
        "score",
        "1.5%",
        "(see",
        "Fig.",
        "3)",
        "e.g.,",
        "precision",
        "recall"
    };
    private static final String[] TEX = {
        "\\frac{a}{b}",
        "x_i^2",
        "+",
        "\\sum_{j=1}^{n}",
        "\\alpha",
        "=",
        "\\log",
        "p(y|x)",
        "\\cdot",
        "W_q",
        "-",
        "\\sqrt{d_k}",
        "\\mathrm{softmax}",
        "(",
        ")",
        "\\|h\\|"
    };

    /** Where a structure sits in a section's text. */
    record Placed(int start, int end) {}

    /** A table as generated: its whole text, header line, separator line and data rows. */
    record GenTable(Placed at, String header, String separator, List<String> rows) {}

    /** What was generated for one section. */
    record SectionTruth(List<GenTable> tables, List<Placed> formulas) {}

    /** A generated document and the truth about each section, by section id. */
    record Generated(Document document, Map<String, SectionTruth> truth) {}

    private final Random random;

    GeneratedCorpus(Random random) {
        this.random = random;
    }

    Generated document(String id) {
        Map<String, SectionTruth> truth = new java.util.HashMap<>();
        int[] counter = {0};
        int page = 1 + random.nextInt(3);
        List<Section> top = new ArrayList<>();
        int n = 1 + random.nextInt(5);
        int[] pageRef = {page};
        for (int i = 0; i < n; i++) {
            top.add(section(id, 1, (i + 1) + " Heading " + i, counter, pageRef, truth, 2));
        }
        SectionTruth rootTruth = new SectionTruth(new ArrayList<>(), new ArrayList<>());
        String rootText = random.nextInt(3) == 0 ? "" : text(rootTruth, 1 + random.nextInt(3));
        truth.put(id + "-root", rootTruth);
        Section root = new Section(id + "-root", "Paper " + id, 0, rootText, 1, pageRef[0], List.of(), top);
        return new Generated(new Document(id, "Paper " + id, id + ".pdf", pageRef[0], Map.of(), root), truth);
    }

    private Section section(
            String docId,
            int level,
            String title,
            int[] counter,
            int[] page,
            Map<String, SectionTruth> truth,
            int depth) {
        String sid = docId + "-s" + counter[0]++;
        SectionTruth t = new SectionTruth(new ArrayList<>(), new ArrayList<>());
        int blocks = random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(random.nextBoolean() ? 4 : 16);
        String text = blocks == 0 ? "" : text(t, blocks);
        truth.put(sid, t);
        int pageStart = page[0];
        page[0] += random.nextInt(3);
        List<Section> children = new ArrayList<>();
        if (depth > 0 && random.nextInt(3) == 0) {
            int k = 1 + random.nextInt(3);
            for (int i = 0; i < k; i++) {
                children.add(section(
                        docId,
                        level + 1,
                        title.split(" ")[0] + "." + (i + 1) + " Sub",
                        counter,
                        page,
                        truth,
                        depth - 1));
            }
        }
        return new Section(sid, title, level, text, pageStart, page[0], List.of(), children);
    }

    /** Section text of {@code blocks} blocks, recording tables and formulas in {@code t}. */
    String text(SectionTruth t, int blocks) {
        StringBuilder sb = new StringBuilder();
        if (random.nextInt(4) == 0) {
            sb.append("  \n");
        }
        for (int b = 0; b < blocks; b++) {
            if (b > 0) {
                sb.append(random.nextInt(4) == 0 ? "\n" : "\n\n");
            }
            int kind = random.nextInt(10);
            if (kind < 6) {
                paragraph(sb, t);
            } else if (kind < 8) {
                if (b > 0 && sb.charAt(sb.length() - 2) != '\n') {
                    sb.append('\n'); // a table always starts after a blank line, as parsers write it
                }
                table(sb, t);
                sb.append('\n');
            } else {
                displayFormula(sb, t);
            }
        }
        if (random.nextInt(4) == 0) {
            sb.append("\n\n");
        }
        return sb.toString();
    }

    private void paragraph(StringBuilder sb, SectionTruth t) {
        int words = 5 + random.nextInt(random.nextInt(5) == 0 ? 600 : 150);
        for (int w = 0; w < words; w++) {
            if (w > 0) {
                sb.append(random.nextInt(25) == 0 ? "\n" : " ");
            }
            int r = random.nextInt(200);
            if (r == 0) {
                inlineFormula(sb, t);
            } else if (r == 1) {
                // a long token (a URL, a DNA string) that only the character level can cut
                int len = 50 + random.nextInt(2_500);
                for (int i = 0; i < len; i++) {
                    sb.append((char) ('a' + random.nextInt(26)));
                }
            } else if (r == 2) {
                sb.append("a|b"); // a pipe in running text is not a table
            } else {
                sb.append(WORDS[random.nextInt(WORDS.length)]);
            }
        }
        sb.append('.');
    }

    private void inlineFormula(StringBuilder sb, SectionTruth t) {
        int start = sb.length();
        sb.append("$$");
        int n = 1 + random.nextInt(6);
        for (int i = 0; i < n; i++) {
            sb.append(' ').append(TEX[random.nextInt(TEX.length)]);
        }
        sb.append(" $$");
        t.formulas().add(new Placed(start, sb.length()));
    }

    private void displayFormula(StringBuilder sb, SectionTruth t) {
        int start = sb.length();
        sb.append("$$");
        int tokens = random.nextInt(4) == 0 ? 200 + random.nextInt(900) : 3 + random.nextInt(40);
        for (int i = 0; i < tokens; i++) {
            int r = random.nextInt(30);
            sb.append(r == 0 ? "\n\n" : r == 1 ? "\n" : " ");
            sb.append(TEX[random.nextInt(TEX.length)]);
        }
        sb.append(" $$");
        t.formulas().add(new Placed(start, sb.length()));
    }

    private void table(StringBuilder sb, SectionTruth t) {
        int cols = 2 + random.nextInt(5);
        int rows = random.nextInt(3) == 0 ? 40 + random.nextInt(200) : 1 + random.nextInt(12);
        int start = sb.length();
        String header = row(cols, true);
        StringBuilder sep = new StringBuilder("|");
        for (int c = 0; c < cols; c++) {
            sep.append(random.nextBoolean() ? "---|" : ":---:|");
        }
        sb.append(header).append('\n').append(sep);
        List<String> body = new ArrayList<>();
        for (int r = 0; r < rows; r++) {
            String line = row(cols, false);
            body.add(line);
            sb.append('\n').append(line);
        }
        t.tables().add(new GenTable(new Placed(start, sb.length()), header, sep.toString(), body));
    }

    private String row(int cols, boolean header) {
        StringBuilder sb = new StringBuilder("|");
        for (int c = 0; c < cols; c++) {
            sb.append(' ');
            int len = random.nextInt(20) == 0 ? 40 + random.nextInt(400) : 1 + random.nextInt(12);
            for (int i = 0; i < len; i++) {
                int r = random.nextInt(12);
                sb.append(
                        r == 0 ? ' ' : header ? (char) ('A' + random.nextInt(26)) : (char) ('0' + random.nextInt(10)));
            }
            sb.append(" |");
        }
        return sb.toString();
    }
}
