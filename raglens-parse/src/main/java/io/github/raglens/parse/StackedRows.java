package io.github.raglens.parse;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import technology.tabula.RectangularTextContainer;
import technology.tabula.TextChunk;

/**
 * The cell texts of a ruled table whose rules part groups of rows rather than rows: a report rules
 * off five countries at a time, each cell of the group holding one line per country. Such a row is
 * split into its lines when two or more of its cells hold the same number of lines on the same
 * baselines and one of them holds a figure on every line (wrapped text in two columns can share its
 * baselines too, but is not a stack of figures). A cell of one line beside the stack spans the group
 * ("Low" centred beside five countries) and is repeated on each line.
 */
final class StackedRows {

    /** A line of a cell: its baseline and height in points and its text. */
    private record CellLine(float baseline, float height, String text) {}

    private StackedRows() {}

    /** The table's rows, each cell normalised (NFKC, one line), stacked groups split into their lines. */
    @SuppressWarnings("rawtypes") // Tabula's Table.getRows() returns raw RectangularTextContainer rows
    static List<List<String>> cells(technology.tabula.Table table) {
        List<List<String>> out = new ArrayList<>();
        for (List<RectangularTextContainer> row : table.getRows()) {
            List<List<CellLine>> cells = new ArrayList<>();
            for (RectangularTextContainer cell : row) {
                cells.add(lines(cell));
            }
            int stack = stackHeight(cells);
            for (int i = 0; i < stack; i++) {
                List<String> texts = new ArrayList<>();
                for (int c = 0; c < row.size(); c++) {
                    List<CellLine> lines = cells.get(c);
                    if (stack == 1 || lines.size() > 1 && lines.size() != stack) {
                        texts.add(i == 0 ? TableFinder.normalised(row.get(c).getText()) : "");
                    } else if (lines.size() == stack) {
                        texts.add(lines.get(i).text());
                    } else {
                        texts.add(lines.isEmpty() ? "" : lines.getFirst().text());
                    }
                }
                out.add(texts);
            }
        }
        return out;
    }

    /** How many rows a row of cells holds: its stack's lines, or 1. */
    private static int stackHeight(List<List<CellLine>> cells) {
        List<List<CellLine>> stacked = cells.stream().filter(c -> c.size() > 1).toList();
        if (stacked.size() < 2) {
            return 1;
        }
        int lines = stacked.getFirst().size();
        boolean figures = false;
        for (List<CellLine> cell : stacked) {
            if (cell.size() != lines) {
                return 1;
            }
            for (int i = 0; i < lines; i++) {
                CellLine a = cell.get(i);
                CellLine b = stacked.getFirst().get(i);
                if (Math.abs(a.baseline() - b.baseline()) > 0.5f * Math.min(a.height(), b.height())) {
                    return 1;
                }
            }
            figures |= cell.stream().allMatch(l -> Cells.figure(l.text()));
        }
        return figures ? lines : 1;
    }

    /** The lines of a cell, top to bottom: its text chunks grouped by vertical overlap. */
    @SuppressWarnings("unchecked") // a lattice cell holds TextChunks
    private static List<CellLine> lines(RectangularTextContainer<?> cell) {
        List<TextChunk> chunks = new ArrayList<>((List<TextChunk>) cell.getTextElements());
        chunks.removeIf(c -> c.getText().isBlank());
        chunks.sort(Comparator.comparingDouble(TextChunk::getTop));
        List<List<TextChunk>> groups = new ArrayList<>();
        for (TextChunk chunk : chunks) {
            List<TextChunk> last = groups.isEmpty() ? null : groups.getLast();
            double middle = chunk.getTop() + chunk.getHeight() / 2;
            if (last != null && middle < last.getFirst().getBottom()) {
                last.add(chunk);
            } else {
                List<TextChunk> line = new ArrayList<>();
                line.add(chunk);
                groups.add(line);
            }
        }
        List<CellLine> out = new ArrayList<>();
        for (List<TextChunk> group : groups) {
            group.sort(Comparator.comparingDouble(TextChunk::getLeft));
            StringBuilder text = new StringBuilder();
            float bottom = 0;
            float height = 0;
            for (TextChunk chunk : group) {
                text.append(text.isEmpty() ? "" : " ").append(chunk.getText());
                bottom = Math.max(bottom, chunk.getBottom());
                height = Math.max(height, (float) chunk.getHeight());
            }
            out.add(new CellLine(bottom, height, TableFinder.normalised(text.toString())));
        }
        return out;
    }
}
