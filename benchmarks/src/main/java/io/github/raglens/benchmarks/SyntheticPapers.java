package io.github.raglens.benchmarks;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;

/**
 * Seeded documents shaped like parsed research papers, for benchmarks that need many: numbered
 * sections and subsections of prose paragraphs, results tables as Markdown pipe tables (a few long
 * enough to be split) and display formulas in {@code $$…$$}.
 */
final class SyntheticPapers {

    private static final String[] WORDS = ("the of and to in a is that for we with on as by are this be from model "
                    + "retrieval query document passage dense sparse encoder training results table shows our "
                    + "method baseline improves accuracy over which when each these using data set performance "
                    + "attention layer embedding vector index score ranking relevance benchmark evaluation")
            .split(" ");
    private static final String[] TEX = {
        "\\frac{\\exp(s(q,d))}{\\sum_{d'} \\exp(s(q,d'))}",
        "h_i = W x_i + b",
        "\\mathcal{L} = -\\log p(y|x)",
        "\\mathrm{softmax}(QK^T/\\sqrt{d_k})V",
        "\\alpha_t",
        "\\sum_{i=1}^{n}",
        "\\|q - d\\|_2^2",
        "+",
        "="
    };

    private final Random random;

    SyntheticPapers(long seed) {
        this.random = new Random(seed);
    }

    List<Document> documents(int count) {
        List<Document> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            out.add(document("paper-" + i));
        }
        return out;
    }

    private Document document(String id) {
        List<Section> top = new ArrayList<>();
        int page = 1;
        int sections = 5 + random.nextInt(5);
        for (int s = 1; s <= sections; s++) {
            List<Section> subs = new ArrayList<>();
            int n = random.nextInt(4);
            for (int k = 1; k <= n; k++) {
                int start = page;
                page += random.nextInt(2);
                subs.add(new Section(
                        id + "-" + s + "." + k, s + "." + k + " Part", 2, body(), start, page, List.of(), List.of()));
            }
            int start = page;
            page += random.nextInt(2);
            top.add(new Section(id + "-" + s, s + " Section", 1, body(), start, page, List.of(), subs));
        }
        Section root = new Section(id + "-root", "Paper " + id, 0, paragraph(), 1, page, List.of(), top);
        return new Document(id, "Paper " + id, id + ".pdf", page, Map.of(), root);
    }

    private String body() {
        StringBuilder sb = new StringBuilder();
        int blocks = 1 + random.nextInt(random.nextInt(3) == 0 ? 12 : 4);
        for (int b = 0; b < blocks; b++) {
            if (b > 0) {
                sb.append("\n\n");
            }
            int kind = random.nextInt(12);
            if (kind < 9) {
                sb.append(paragraph());
            } else if (kind < 11) {
                sb.append("$$ ");
                int n = 2 + random.nextInt(8);
                for (int i = 0; i < n; i++) {
                    sb.append(TEX[random.nextInt(TEX.length)]).append(' ');
                }
                sb.append("$$");
            } else {
                table(sb);
            }
        }
        return sb.toString();
    }

    private String paragraph() {
        StringBuilder sb = new StringBuilder();
        int sentences = 2 + random.nextInt(9);
        for (int s = 0; s < sentences; s++) {
            int words = 8 + random.nextInt(20);
            for (int w = 0; w < words; w++) {
                String word = WORDS[random.nextInt(WORDS.length)];
                sb.append(w == 0 ? Character.toUpperCase(word.charAt(0)) + word.substring(1) : word);
                sb.append(w == words - 1 ? ". " : random.nextInt(30) == 0 ? "\n" : " ");
            }
        }
        return sb.toString().strip();
    }

    private void table(StringBuilder sb) {
        int cols = 3 + random.nextInt(4);
        int rows = random.nextInt(4) == 0 ? 60 + random.nextInt(120) : 3 + random.nextInt(15);
        sb.append("| Method");
        for (int c = 1; c < cols; c++) {
            sb.append(" | ")
                    .append(WORDS[random.nextInt(WORDS.length)])
                    .append("@")
                    .append(c * 5);
        }
        sb.append(" |\n|");
        sb.append("---|".repeat(cols));
        for (int r = 0; r < rows; r++) {
            sb.append("\n| ")
                    .append(WORDS[random.nextInt(WORDS.length)])
                    .append('-')
                    .append(r);
            for (int c = 1; c < cols; c++) {
                sb.append(" | ").append(String.format(java.util.Locale.ROOT, "%.3f", random.nextDouble()));
            }
            sb.append(" |");
        }
    }
}
