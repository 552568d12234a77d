package io.github.raglens.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The structure of a Markdown file Docling wrote for a document: its headings ({@code #} lines) and its
 * pipe tables, rows of cells, with links and emphasis reduced to their text.
 *
 * @param headings the headings' text, in order
 * @param tables the tables, each rows of cells, the separator row left out
 */
record DoclingMarkdown(List<String> headings, List<List<List<String>>> tables) {

    private static final Pattern LINK = Pattern.compile("!?\\[([^\\]]*)\\]\\([^)]*\\)");
    private static final Pattern SEPARATOR = Pattern.compile("^\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?$");
    private static final Pattern HEADING = Pattern.compile("^(#{1,6})\\s+(.*)$");

    static DoclingMarkdown read(Path file) throws IOException {
        List<String> headings = new ArrayList<>();
        List<List<List<String>>> tables = new ArrayList<>();
        List<List<String>> table = null;
        boolean fenced = false;
        for (String raw : Files.readAllLines(file)) {
            String line = raw.strip();
            if (line.startsWith("```")) {
                fenced = !fenced;
                continue;
            }
            if (fenced) {
                continue;
            }
            if (line.startsWith("|")) {
                if (table == null) {
                    table = new ArrayList<>();
                    tables.add(table);
                }
                if (!SEPARATOR.matcher(line).matches()) {
                    table.add(cells(line));
                }
                continue;
            }
            table = null;
            var m = HEADING.matcher(line);
            if (m.matches()) {
                headings.add(text(m.group(2)));
            }
        }
        return new DoclingMarkdown(headings, tables);
    }

    /** Text without Markdown links, emphasis and escapes. */
    static String text(String markdown) {
        return LINK.matcher(markdown)
                .replaceAll("$1")
                .replace("\\_", "_")
                .replaceAll("(?<!\\\\)[*`]", "")
                .replace("\\", "")
                .strip();
    }

    private static List<String> cells(String row) {
        String s = row.strip();
        s = s.substring(1);
        if (s.endsWith("|") && !s.endsWith("\\|")) {
            s = s.substring(0, s.length() - 1);
        }
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length() && s.charAt(i + 1) == '|') {
                cell.append('|');
                i++;
            } else if (c == '|') {
                cells.add(text(cell.toString()));
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(text(cell.toString()));
        return cells;
    }
}
