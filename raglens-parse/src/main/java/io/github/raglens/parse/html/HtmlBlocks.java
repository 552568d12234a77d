package io.github.raglens.parse.html;

import io.github.raglens.parse.document.Blocks;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.jsoup.nodes.Element;
import org.jsoup.nodes.Node;
import org.jsoup.nodes.TextNode;

/**
 * Writes an HTML element's content as blocks: {@code h1}–{@code h6} as headings at their level, the
 * text between block elements as paragraphs ({@code <br>} a line break), lists as items with their
 * numbers and depth, {@code <pre>} as code, tables in place ({@link HtmlTable}) with their caption
 * before them, and a definition list's terms and descriptions as paragraphs. Not thread-safe.
 */
public final class HtmlBlocks {

    private static final Set<String> BLOCKS = Set.of(
            "p",
            "div",
            "section",
            "article",
            "main",
            "header",
            "footer",
            "blockquote",
            "figure",
            "figcaption",
            "address",
            "center",
            "details",
            "summary",
            "dl",
            "dt",
            "dd",
            "fieldset",
            "legend",
            "body",
            "li",
            "hgroup",
            "search",
            "caption",
            "hr");

    private final Blocks out;
    private final StringBuilder inline = new StringBuilder();

    /** Blocks written into {@code out}. */
    public HtmlBlocks(Blocks out) {
        this.out = out;
    }

    /** Writes the content of an element. */
    public void write(Element root) {
        children(root);
        flush();
    }

    private void children(Element e) {
        for (Node child : e.childNodes()) {
            node(child);
        }
    }

    private void node(Node n) {
        if (n instanceof TextNode t) {
            inline.append(t.getWholeText().replace('\n', ' ').replace('\r', ' '));
            return;
        }
        if (!(n instanceof Element e)) {
            return;
        }
        String name = e.normalName();
        switch (name) {
            case "h1", "h2", "h3", "h4", "h5", "h6" -> {
                flush();
                out.heading(e.text(), name.charAt(1) - '0');
            }
            case "br" -> inline.append('\n');
            case "ul", "ol", "menu" -> {
                flush();
                list(e, 0);
            }
            case "pre" -> {
                flush();
                out.code(e.wholeText());
            }
            case "table" -> {
                flush();
                Element caption = e.selectFirst("> caption");
                if (caption != null) {
                    out.paragraph(caption.text());
                }
                out.table(HtmlTable.rows(e));
            }
            case "img" -> {
                // an image's alt text is not the document's prose
            }
            default -> {
                boolean block = BLOCKS.contains(name);
                if (block) {
                    flush();
                }
                children(e);
                if (block) {
                    flush();
                }
            }
        }
    }

    private void flush() {
        String text = inline.toString();
        inline.setLength(0);
        if (!text.isBlank()) {
            out.paragraph(text);
        }
    }

    private void list(Element list, int depth) {
        boolean ordered = list.normalName().equals("ol");
        int number = ordered ? start(list) : 0;
        for (Element child : list.children()) {
            String name = child.normalName();
            if (name.equals("ul") || name.equals("ol")) {
                list(child, depth + 1);
                continue;
            }
            StringBuilder text = new StringBuilder();
            List<Element> nested = new ArrayList<>();
            item(child, text, nested);
            out.item(depth, ordered ? number++ + "." : "-", text.toString());
            for (Element n : nested) {
                list(n, depth + 1);
            }
        }
    }

    /** The text of a list item, its nested lists set aside to be written after it. */
    private static void item(Element e, StringBuilder text, List<Element> nested) {
        for (Node n : e.childNodes()) {
            if (n instanceof TextNode t) {
                text.append(t.getWholeText());
            } else if (n instanceof Element c) {
                String name = c.normalName();
                if (name.equals("ul") || name.equals("ol")) {
                    nested.add(c);
                } else {
                    if (BLOCKS.contains(name) || name.equals("br")) {
                        text.append(' ');
                    }
                    item(c, text, nested);
                }
            }
        }
    }

    private static int start(Element list) {
        try {
            return Integer.parseInt(list.attr("start").strip());
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
