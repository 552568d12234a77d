package io.github.raglens.parse.xlsx;

import java.util.ArrayList;
import java.util.List;

/**
 * The regions of a sheet: the groups of cells holding text that touch side by side or one above the
 * other (a cell touching another only at a corner starts a region of its own), in the order of each
 * region's first cell. Found in one pass over the cells in reading order, comparing each row with the one
 * above it, with a union-find over the cells' indices.
 */
final class CellRegions {

    /**
     * One region: its cells' indices in {@link SheetCells}, in reading order, and the rows and columns it
     * spans.
     */
    record Region(int[] cells, int firstRow, int lastRow, int firstColumn, int lastColumn) {
        int rows() {
            return lastRow - firstRow + 1;
        }

        int columns() {
            return lastColumn - firstColumn + 1;
        }
    }

    private final int[] parent;

    private CellRegions(int n) {
        parent = new int[n];
        for (int i = 0; i < n; i++) {
            parent[i] = i;
        }
    }

    /** The regions of the cells, which {@link SheetCells#finish()} has put in reading order. */
    static List<Region> of(SheetCells cells) {
        int n = cells.size();
        CellRegions sets = new CellRegions(n);
        int above = -1;
        int aboveEnd = -1;
        for (int start = 0; start < n; ) {
            int row = cells.row(start);
            int end = start + 1;
            while (end < n && cells.row(end) == row) {
                if (cells.column(end) == cells.column(end - 1) + 1) {
                    sets.union(end, end - 1);
                }
                end++;
            }
            if (above >= 0 && cells.row(above) == row - 1) {
                for (int a = above, b = start; a < aboveEnd && b < end; ) {
                    int ca = cells.column(a);
                    int cb = cells.column(b);
                    if (ca == cb) {
                        sets.union(a++, b++);
                    } else if (ca < cb) {
                        a++;
                    } else {
                        b++;
                    }
                }
            }
            above = start;
            aboveEnd = end;
            start = end;
        }
        return sets.regions(cells);
    }

    private List<Region> regions(SheetCells cells) {
        int n = parent.length;
        int[] regionOf = new int[n];
        int[] regionOfRoot = new int[n];
        java.util.Arrays.fill(regionOfRoot, -1);
        int regions = 0;
        for (int i = 0; i < n; i++) {
            int root = find(i);
            if (regionOfRoot[root] < 0) {
                regionOfRoot[root] = regions++;
            }
            regionOf[i] = regionOfRoot[root];
        }
        int[] sizes = new int[regions];
        for (int i = 0; i < n; i++) {
            sizes[regionOf[i]]++;
        }
        int[][] members = new int[regions][];
        for (int r = 0; r < regions; r++) {
            members[r] = new int[sizes[r]];
            sizes[r] = 0;
        }
        for (int i = 0; i < n; i++) {
            int r = regionOf[i];
            members[r][sizes[r]++] = i;
        }
        List<Region> out = new ArrayList<>(regions);
        for (int[] m : members) {
            int firstColumn = Integer.MAX_VALUE;
            int lastColumn = 0;
            for (int i : m) {
                firstColumn = Math.min(firstColumn, cells.column(i));
                lastColumn = Math.max(lastColumn, cells.column(i));
            }
            out.add(new Region(m, cells.row(m[0]), cells.row(m[m.length - 1]), firstColumn, lastColumn));
        }
        return out;
    }

    private int find(int i) {
        while (parent[i] != i) {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        return i;
    }

    private void union(int a, int b) {
        int ra = find(a);
        int rb = find(b);
        if (ra != rb) {
            parent[Math.max(ra, rb)] = Math.min(ra, rb);
        }
    }
}
