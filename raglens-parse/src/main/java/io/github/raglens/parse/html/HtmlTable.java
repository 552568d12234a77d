package io.github.raglens.parse.html;

import io.github.raglens.parse.document.HeaderRows;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import org.jsoup.nodes.Element;

/**
 * The rows of an HTML table as a grid: a cell spanning columns gives its text to each, a cell spanning
 * rows gives it to the rows below, a nested table's text stays in its cell, and leading rows of header
 * cells ({@code <th>} or in {@code <thead>}) are joined into one header row.
 */
final class HtmlTable {

    /** Spans beyond this are taken as this: a page cannot make a table larger than it holds. */
    private static final int MAX_SPAN = 1000;

    private record Pending(String text, int rows) {}

    private HtmlTable() {}

    static List<List<String>> rows(Element table) {
        List<Element> trs = new ArrayList<>();
        List<Boolean> inHead = new ArrayList<>();
        for (Element child : table.children()) {
            switch (child.normalName()) {
                case "tr" -> {
                    trs.add(child);
                    inHead.add(false);
                }
                case "thead", "tbody", "tfoot" -> {
                    for (Element tr : child.children()) {
                        if (tr.normalName().equals("tr")) {
                            trs.add(tr);
                            inHead.add(child.normalName().equals("thead"));
                        }
                    }
                }
                default -> {}
            }
        }
        List<List<String>> rows = new ArrayList<>();
        TreeMap<Integer, Pending> below = new TreeMap<>();
        int headerRows = 0;
        boolean headerRun = true;
        for (int r = 0; r < trs.size(); r++) {
            List<String> row = new ArrayList<>();
            boolean allHeader = true;
            for (Element cell : trs.get(r).children()) {
                String name = cell.normalName();
                if (!name.equals("td") && !name.equals("th")) {
                    continue;
                }
                allHeader &= name.equals("th");
                fillPending(row, below, false);
                String text = cell.text();
                int colspan = span(cell.attr("colspan"));
                int rowspan = span(cell.attr("rowspan"));
                for (int i = 0; i < colspan; i++) {
                    if (rowspan > 1) {
                        below.put(row.size(), new Pending(text, rowspan - 1));
                    }
                    row.add(text);
                }
            }
            fillPending(row, below, true);
            if (row.isEmpty()) {
                continue;
            }
            if (headerRun && (inHead.get(r) || allHeader)) {
                headerRows++;
            } else {
                headerRun = false;
            }
            rows.add(row);
        }
        return HeaderRows.join(rows, headerRows);
    }

    /** Adds the cells that rows above span into the row at its next column (all of them at its end). */
    private static void fillPending(List<String> row, TreeMap<Integer, Pending> below, boolean all) {
        while (true) {
            Integer column = all ? below.ceilingKey(row.size()) : (below.containsKey(row.size()) ? row.size() : null);
            if (column == null) {
                return;
            }
            while (row.size() < column) {
                row.add("");
            }
            Pending p = below.remove(column);
            row.add(p.text());
            if (p.rows() > 1) {
                below.put(column, new Pending(p.text(), p.rows() - 1));
            }
        }
    }

    private static int span(String value) {
        try {
            return Math.max(1, Math.min(MAX_SPAN, Integer.parseInt(value.strip())));
        } catch (NumberFormatException e) {
            return 1;
        }
    }
}
