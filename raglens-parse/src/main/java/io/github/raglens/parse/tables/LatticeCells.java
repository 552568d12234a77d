package io.github.raglens.parse.tables;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import technology.tabula.RectangularTextContainer;
import technology.tabula.TextChunk;

/**
 * The cell texts of a ruled table, read from its cells' boxes rather than Tabula's row lists (which
 * put a cell spanning two columns in the first free slot, so "2024" over "Male  Female" landed over
 * 2023's Female): each cell goes to the column its left edge starts, the columns it spans beside it
 * left empty. A cell's lines are joined with a space (Tabula glues "the" and "islands").
 *
 * <p>A table whose rules part groups of rows rather than rows (a report rules off five countries at a
 * time, each cell holding one line per country) has each such row split into its lines when two or
 * more of its cells hold the same number of lines on the same baselines and one of them holds a
 * figure on every line (wrapped text in two columns can share its baselines too, but is not a stack
 * of figures). A cell of one line beside the stack spans the group ("Low" centred beside five
 * countries) and is repeated on each line.
 */
final class LatticeCells {

    /** A line of a cell: its baseline and height in points and its text. */
    private record CellLine(float baseline, float height, String text) {}

    /** How far apart, in points, two cell edges may be and still start one column. */
    private static final float SAME_EDGE = 2;

    private LatticeCells() {}

    /** The table's rows of normalised cell texts (NFKC, one line), stacked groups split into their lines. */
    @SuppressWarnings("rawtypes") // Tabula's Table.getRows() returns raw RectangularTextContainer rows
    static List<List<String>> cells(technology.tabula.Table table) {
        List<Float> columns = columnEdges(table);
        List<List<String>> out = new ArrayList<>();
        for (List<RectangularTextContainer> row : table.getRows()) {
            List<List<CellLine>> cells = new ArrayList<>();
            for (int c = 0; c < columns.size(); c++) {
                cells.add(List.of());
            }
            for (RectangularTextContainer cell : row) {
                if (cell.getWidth() <= 0) {
                    continue; // Tabula's placeholder for a cell spanning rows from above
                }
                for (int c = 0; c < columns.size(); c++) {
                    if (columns.get(c) > cell.getLeft() - SAME_EDGE) {
                        cells.set(c, lines(cell));
                        break;
                    }
                }
            }
            int stack = stackHeight(cells);
            for (int i = 0; i < stack; i++) {
                List<String> texts = new ArrayList<>();
                for (List<CellLine> lines : cells) {
                    if (stack == 1 || lines.size() > 1 && lines.size() != stack) {
                        texts.add(i == 0 ? joined(lines) : "");
                    } else if (lines.size() == stack) {
                        texts.add(lines.get(i).text());
                    } else {
                        texts.add(joined(lines));
                    }
                }
                out.add(texts);
            }
        }
        return out;
    }

    /** The left edges of the table's columns: its cells' left edges, those within a hair of each other as one. */
    @SuppressWarnings("rawtypes") // Tabula's Table.getRows() returns raw RectangularTextContainer rows
    private static List<Float> columnEdges(technology.tabula.Table table) {
        List<Float> lefts = new ArrayList<>();
        for (List<RectangularTextContainer> row : table.getRows()) {
            for (RectangularTextContainer cell : row) {
                if (cell.getWidth() > 0) {
                    lefts.add(cell.getLeft());
                }
            }
        }
        lefts.sort(null);
        List<Float> edges = new ArrayList<>();
        for (float left : lefts) {
            if (edges.isEmpty() || left - edges.getLast() > SAME_EDGE) {
                edges.add(left);
            }
        }
        return edges;
    }

    private static String joined(List<CellLine> lines) {
        return String.join(" ", lines.stream().map(CellLine::text).toList());
    }

    /** How many rows a row of cells holds: its stack's lines, or 1. */
    private static int stackHeight(List<List<CellLine>> cells) {
        List<List<CellLine>> stacked = new ArrayList<>();
        for (List<CellLine> cell : cells) {
            if (cell.size() > 1) {
                stacked.add(cell);
            }
        }
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
