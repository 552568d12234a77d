package io.github.raglens.parse.document;

import io.github.raglens.model.Section;
import io.github.raglens.model.Table;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/**
 * Builds a section tree from a stream of headings, paragraphs and tables, repairing level jumps: a
 * heading declared three levels deep directly under a level-1 heading becomes level 2, and its later
 * siblings follow it.
 */
public final class SectionTreeBuilder {

    private static final class Node {
        final String title;
        final int declared;
        final int level;
        final StringBuilder text = new StringBuilder();
        final List<Table> tables = new ArrayList<>();
        final List<Node> children = new ArrayList<>();
        int pageStart;
        int pageEnd;

        Node(String title, int declared, int level) {
            this.title = title;
            this.declared = declared;
            this.level = level;
        }

        void page(int page) {
            if (page <= 0) {
                return;
            }
            pageStart = pageStart == 0 ? page : Math.min(pageStart, page);
            pageEnd = Math.max(pageEnd, page);
        }
    }

    private final Node root;
    private final Deque<Node> stack = new ArrayDeque<>();

    public SectionTreeBuilder(String title) {
        root = new Node(title, 0, 0);
        stack.push(root);
    }

    /** Opens a section; {@code declaredLevel} is at least 1. */
    public void heading(String title, int declaredLevel, int page) {
        int declared = Math.max(1, declaredLevel);
        while (stack.size() > 1 && stack.peek().declared >= declared) {
            stack.pop();
        }
        Node parent = stack.peek();
        Node node = new Node(title, declared, parent.level + 1);
        node.page(page);
        parent.children.add(node);
        stack.push(node);
    }

    /** Appends a paragraph (Markdown) to the current section. */
    public void paragraph(String text, int page) {
        if (text.isBlank()) {
            return;
        }
        Node node = stack.peek();
        if (!node.text.isEmpty()) {
            node.text.append("\n\n");
        }
        node.text.append(text.strip());
        node.page(page);
    }

    /** Appends a table to the current section, as a pipe table in its text. */
    public void table(Table table) {
        paragraph(MarkdownTables.render(table.rows()), table.page());
        stack.peek().tables.add(table);
    }

    public Section build() {
        int[] counter = {0};
        return toSection(root, counter);
    }

    private static Section toSection(Node node, int[] counter) {
        String id = "s" + counter[0]++;
        List<Section> children = new ArrayList<>();
        int start = node.pageStart;
        int end = node.pageEnd;
        for (Node child : node.children) {
            Section s = toSection(child, counter);
            children.add(s);
            if (s.pageStart() > 0) {
                start = start == 0 ? s.pageStart() : Math.min(start, s.pageStart());
                end = Math.max(end, s.pageEnd());
            }
        }
        return new Section(id, node.title, node.level, node.text.toString(), start, end, node.tables, children);
    }
}
