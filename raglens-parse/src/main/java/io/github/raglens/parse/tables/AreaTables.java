package io.github.raglens.parse.tables;

import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import technology.tabula.Page;
import technology.tabula.Ruling;
import technology.tabula.Table;
import technology.tabula.extractors.SpreadsheetExtractionAlgorithm;

/**
 * The ruled tables Tabula reads in areas of one page, each area read once: the many tables of a chart's
 * grid widen to the same tick labels beside them, so one page asked for the same area again and again
 * (56 of 266 areas on the shared papers), and reading an area again gives the same tables.
 *
 * <p>Tabula snaps an area's rulings in place. They are copies of the page's, cropped to the area, except
 * when cropping leaves one as it was: then reading the area may move the page's own ruling, and the
 * areas read before are read again rather than taken from what was read with the ruling where it was.
 * Not thread-safe: one instance per page and table search.
 */
final class AreaTables {

    private record Area(float top, float left, float bottom, float right) {}

    private final Page page;
    private final Map<Area, List<Table>> read = new HashMap<>();
    private Set<Ruling> pageRulings;

    AreaTables(Page page) {
        this.page = page;
    }

    /** The ruled tables in an area of the page, as Tabula's lattice extraction reads them there. */
    List<Table> in(float top, float left, float bottom, float right) {
        Area key = new Area(top, left, bottom, right);
        List<Table> tables = read.get(key);
        if (tables != null) {
            return tables;
        }
        Page area = page.getArea(top, left, bottom, right);
        boolean holdsPageRuling = area.getUnprocessedRulings().stream().anyMatch(pageRulings()::contains);
        tables = new SpreadsheetExtractionAlgorithm().extract(area);
        if (holdsPageRuling) {
            read.clear();
        } else {
            read.put(key, tables);
        }
        return tables;
    }

    private Set<Ruling> pageRulings() {
        if (pageRulings == null) {
            pageRulings = Collections.newSetFromMap(new IdentityHashMap<>());
            pageRulings.addAll(page.getRulings());
        }
        return pageRulings;
    }
}
