package io.github.raglens.chunk;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * Finds the structures of a section's Markdown text that splitting must keep whole: pipe tables and
 * {@code $$…$$} display formulas.
 *
 * <p>Formula protection works on offsets rather than on a rewritten string: each formula becomes one
 * opaque token (the "placeholder") that the splitter can neither look into nor cut, and the fragment
 * text is then taken from the original section text, which restores the formula exactly. This keeps
 * lengths honest (a placeholder string would make a fragment look shorter than the text it restores
 * to) and keeps every fragment's character span exact. Stateless and thread-safe.
 */
final class StructurePreserver {

    /** A separator row: cells of dashes with optional alignment colons, e.g. {@code |---|:--:|}. */
    private static final Pattern SEPARATOR_ROW = Pattern.compile("\\s*\\|?\\s*:?-+:?\\s*(\\|\\s*:?-+:?\\s*)*\\|?\\s*");

    private StructurePreserver() {}

    /** A half-open span {@code [start, end)} of a text. */
    record Span(int start, int end) {
        int length() {
            return end - start;
        }
    }

    /**
     * A pipe table found in a text.
     *
     * @param header the header row's line
     * @param separator the separator row's line
     * @param rows the data rows' lines, in order
     */
    record TableBlock(Span header, Span separator, List<Span> rows) {
        TableBlock {
            rows = List.copyOf(rows);
        }

        /** From the start of the header to the end of the last line. */
        Span span() {
            int end = rows.isEmpty() ? separator.end() : rows.getLast().end();
            return new Span(header.start(), end);
        }
    }

    /**
     * The {@code $$…$$} formulas of a text, in order. A {@code $$} without a closing {@code $$} is
     * plain text.
     */
    static List<Span> formulas(String text) {
        List<Span> out = new ArrayList<>();
        int from = 0;
        while (true) {
            int open = text.indexOf("$$", from);
            if (open < 0) {
                return out;
            }
            int close = text.indexOf("$$", open + 2);
            if (close < 0) {
                return out;
            }
            out.add(new Span(open, close + 2));
            from = close + 2;
        }
    }

    /**
     * The pipe tables of a text, in order: a line holding {@code |}, directly followed by a separator
     * row, then every following line holding {@code |}. A line that a multi-line formula crosses never
     * belongs to a table.
     */
    static List<TableBlock> tables(String text, List<Span> formulas) {
        List<Span> lines = lines(text);
        List<TableBlock> out = new ArrayList<>();
        int i = 0;
        while (i + 1 < lines.size()) {
            Span head = lines.get(i);
            Span sep = lines.get(i + 1);
            if (isRow(text, head) && isSeparator(text, sep) && outside(head, formulas) && outside(sep, formulas)) {
                List<Span> rows = new ArrayList<>();
                int j = i + 2;
                while (j < lines.size() && isRow(text, lines.get(j)) && outside(lines.get(j), formulas)) {
                    rows.add(lines.get(j));
                    j++;
                }
                out.add(new TableBlock(head, sep, rows));
                i = j;
            } else {
                i++;
            }
        }
        return out;
    }

    /**
     * Cuts a table into fragments at row boundaries: the whole table when it is at most {@code
     * maxTableChars} long, otherwise runs of rows each preceded by the header and separator rows and
     * at most {@code fragmentChars} long (a single row that does not fit alone still gets its own
     * fragment: a row is never split).
     *
     * @return per fragment, the rows it carries as a span of the text and the fragment's text
     */
    static List<TableFragment> fragments(String text, TableBlock table, int maxTableChars, int fragmentChars) {
        Span whole = table.span();
        if (whole.length() <= maxTableChars || table.rows().isEmpty()) {
            return List.of(new TableFragment(whole, text.substring(whole.start(), whole.end())));
        }
        String header = text.substring(table.header().start(), table.header().end()) + "\n"
                + text.substring(table.separator().start(), table.separator().end());
        List<TableFragment> out = new ArrayList<>();
        StringBuilder body = new StringBuilder(header);
        int firstRow = -1;
        int lastRow = -1;
        for (int r = 0; r < table.rows().size(); r++) {
            Span row = table.rows().get(r);
            if (firstRow >= 0 && body.length() + 1 + row.length() > fragmentChars) {
                out.add(tableFragment(table, firstRow, lastRow, body.toString()));
                body.setLength(0);
                body.append(header);
                firstRow = -1;
            }
            body.append('\n').append(text, row.start(), row.end());
            if (firstRow < 0) {
                firstRow = r;
            }
            lastRow = r;
        }
        out.add(tableFragment(table, firstRow, lastRow, body.toString()));
        return out;
    }

    private static TableFragment tableFragment(TableBlock table, int firstRow, int lastRow, String text) {
        // The first fragment covers the header it starts with; later ones cover only their own rows,
        // since their header is a copy.
        int start = firstRow == 0
                ? table.header().start()
                : table.rows().get(firstRow).start();
        return new TableFragment(new Span(start, table.rows().get(lastRow).end()), text);
    }

    /**
     * One fragment of a table.
     *
     * @param rows the span of the section text whose rows the fragment carries
     * @param text header, separator and rows, joined by newlines
     */
    record TableFragment(Span rows, String text) {}

    /** The lines of a text as spans without their line terminator. */
    static List<Span> lines(String text) {
        List<Span> out = new ArrayList<>();
        int start = 0;
        int n = text.length();
        while (start <= n) {
            int nl = text.indexOf('\n', start);
            int end = nl < 0 ? n : nl;
            int contentEnd = end > start && text.charAt(end - 1) == '\r' ? end - 1 : end;
            out.add(new Span(start, contentEnd));
            if (nl < 0) {
                break;
            }
            start = nl + 1;
        }
        return out;
    }

    private static boolean isRow(String text, Span line) {
        for (int i = line.start(); i < line.end(); i++) {
            if (text.charAt(i) == '|') {
                return true;
            }
        }
        return false;
    }

    private static boolean isSeparator(String text, Span line) {
        CharSequence s = text.subSequence(line.start(), line.end());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '|' && c != '-' && c != ':' && c != ' ' && c != '\t') {
                return false; // cheap rejection of ordinary lines before the regular expression
            }
        }
        return SEPARATOR_ROW.matcher(s).matches() && s.toString().indexOf('-') >= 0;
    }

    /** Whether no formula crosses the line's ends; a formula wholly inside a table row is fine. */
    private static boolean outside(Span line, List<Span> formulas) {
        // formulas are sorted and disjoint: find the first that ends after the line starts
        int lo = 0;
        int hi = formulas.size();
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (formulas.get(mid).end() <= line.start()) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        for (int i = lo; i < formulas.size() && formulas.get(i).start() < line.end(); i++) {
            Span f = formulas.get(i);
            if (f.start() < line.start() || f.end() > line.end()) {
                return false;
            }
        }
        return true;
    }
}
