package io.github.raglens.parse;

import io.github.raglens.model.Document;
import io.github.raglens.model.Section;

/** Renders a parsed document as Markdown: the title as {@code #}, each section as a heading one level deeper. */
public final class DocumentMarkdown {

    private DocumentMarkdown() {}

    /** The document as Markdown text. */
    public static String render(Document document) {
        StringBuilder b = new StringBuilder();
        b.append("# ").append(document.title()).append("\n\n");
        append(b, document.root(), true);
        return b.toString().stripTrailing() + "\n";
    }

    private static void append(StringBuilder b, Section s, boolean root) {
        if (!root) {
            b.append("#".repeat(Math.min(6, s.level() + 1)))
                    .append(' ')
                    .append(s.title())
                    .append("\n\n");
        }
        if (!s.text().isBlank()) {
            b.append(s.text().strip()).append("\n\n");
        }
        for (Section c : s.children()) {
            append(b, c, false);
        }
    }
}
