package io.github.raglens.parse.document;

import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * What a format that reads as a run of blocks (DOCX, PPTX, HTML, EPUB) writes its document with:
 * headings, paragraphs, list items (consecutive items kept together as the lines of one paragraph,
 * indented by depth), code kept whole in a fence, and tables, each in the current section of a {@link
 * SectionTreeBuilder}, at the current page (slide or sheet) when the format has them. Not thread-safe.
 */
public final class Blocks {

    private final SectionTreeBuilder tree;
    private final StringBuilder list = new StringBuilder();
    private int page;

    /** Blocks for a document with this title. */
    public Blocks(String title) {
        tree = new SectionTreeBuilder(title);
    }

    /** Sets the 1-based page (slide, sheet) the next blocks are on; 0 for formats without pages. */
    public void page(int page) {
        this.page = page;
    }

    /** Opens a section with a heading; a blank heading opens nothing. */
    public void heading(String title, int declaredLevel) {
        String t = inline(title);
        if (t.isEmpty()) {
            return;
        }
        flushList();
        tree.heading(t, declaredLevel, page);
    }

    /** Adds a paragraph: its whitespace runs become single spaces, its line breaks stay. */
    public void paragraph(String text) {
        String t = lines(text);
        if (t.isEmpty()) {
            return;
        }
        flushList();
        tree.paragraph(t, page);
    }

    /**
     * Adds an item of a list: {@code label} is {@code "-"} for a bullet or the item's number ({@code
     * "2."}, {@code "b)"}), {@code depth} 0 for the outermost list.
     */
    public void item(int depth, String label, String text) {
        String t = inline(text);
        if (t.isEmpty()) {
            return;
        }
        if (!list.isEmpty()) {
            list.append('\n');
        }
        list.append("  ".repeat(Math.max(0, Math.min(depth, 8))))
                .append(label.isBlank() ? "-" : label.strip())
                .append(' ')
                .append(t);
    }

    /** Adds code or preformatted text as it is, in a fence. */
    public void code(String text) {
        String t = text.strip();
        if (t.isEmpty()) {
            return;
        }
        flushList();
        String fence = t.contains("```") ? "~~~" : "```";
        tree.paragraph(fence + "\n" + text.stripTrailing().replaceAll("^\\n+", "") + "\n" + fence, page);
    }

    /**
     * Adds a table of rows of cells, the first row its header: a table of one cell is a paragraph, and a
     * table without text adds nothing.
     */
    public void table(List<List<String>> rows) {
        List<List<String>> cleaned = new ArrayList<>();
        int cells = 0;
        for (List<String> row : rows) {
            List<String> r = new ArrayList<>();
            for (String cell : row) {
                String c = inline(cell);
                r.add(c);
                cells += c.isEmpty() ? 0 : 1;
            }
            cleaned.add(r);
        }
        if (cells == 0) {
            return;
        }
        if (cleaned.size() == 1 && cleaned.getFirst().size() == 1) {
            paragraph(cleaned.getFirst().getFirst());
            return;
        }
        flushList();
        tree.table(new Table(page, cleaned));
    }

    /** The section tree of the blocks written. */
    public Section build() {
        flushList();
        return tree.build();
    }

    private void flushList() {
        if (!list.isEmpty()) {
            tree.paragraph(list.toString(), page);
            list.setLength(0);
        }
    }

    /** Text on one line: runs of whitespace (line breaks too) as one space, stripped. */
    public static String inline(String text) {
        return collapse(text, false);
    }

    /** Text whose lines each have their whitespace runs as one space, blank lines dropped. */
    static String lines(String text) {
        return collapse(text, true);
    }

    private static String collapse(String text, boolean keepLines) {
        StringBuilder b = new StringBuilder(text.length());
        boolean space = false;
        boolean newline = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\n' && keepLines) {
                newline = !b.isEmpty();
                space = false;
            } else if (Character.isWhitespace(c) || Character.isSpaceChar(c)) {
                space = !b.isEmpty() && !newline;
            } else if (!Character.isISOControl(c) || c == '\t') {
                if (newline) {
                    b.append('\n');
                } else if (space) {
                    b.append(' ');
                }
                newline = false;
                space = false;
                b.append(c);
            }
        }
        return b.toString();
    }
}
