package io.github.raglens.parse.docx;

import java.util.List;

/** A block of a Word document's body as read: a paragraph or a table. */
sealed interface DocxBlock {

    /**
     * A paragraph.
     *
     * @param style its paragraph style id, or null for the default
     * @param outline its own outline level, or null when its style says
     * @param numId the list it is an item of, or null when its style says
     * @param level its list level
     * @param text its text, tracked changes accepted
     * @param bold whether all its text is set in bold
     * @param displayMath whether it is a display equation
     * @param notes the footnotes and endnotes it cites, as {@code [^1]} labels, in order
     * @param floating the text boxes anchored in it, in order
     * @param charts the relationship ids of the charts drawn in it, in order
     */
    record Paragraph(
            String style,
            Integer outline,
            String numId,
            int level,
            String text,
            boolean bold,
            boolean displayMath,
            List<String> notes,
            List<DocxBlock> floating,
            List<String> charts)
            implements DocxBlock {}

    /** A table: rows of cell texts, merges spread, header rows joined. */
    record TableRows(List<List<String>> rows) implements DocxBlock {}

    /** The text of a block on one line: a table's cells joined, rows with "; ". */
    static String text(DocxBlock block) {
        return switch (block) {
            case Paragraph p -> p.text();
            case TableRows t -> {
                StringBuilder b = new StringBuilder();
                for (List<String> row : t.rows()) {
                    b.append(b.isEmpty() ? "" : "; ").append(String.join(" ", row));
                }
                yield b.toString();
            }
        };
    }
}
