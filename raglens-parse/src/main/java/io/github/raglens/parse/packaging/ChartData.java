package io.github.raglens.parse.packaging;

import io.github.raglens.parse.document.Blocks;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;
import org.apache.poi.openxml4j.opc.PackagePart;

/**
 * The data behind a DrawingML chart (a chart part of a DOCX, PPTX or XLSX file), from the values the
 * chart caches: its title (not its axes'), and a table with a row per category and a column per series, headed by the
 * series' names.
 *
 * @param title the chart's title, or ""
 * @param rows the header row and a row per category; empty when the chart caches no values
 */
public record ChartData(String title, List<List<String>> rows) {

    /**
     * Writes the chart a relationship of {@code from} points to: its title as a paragraph and its data as a
     * table. A chart the package lacks, or whose cached data cannot be read, adds nothing; the text around
     * it stands.
     */
    public static void write(PackagePart from, String relationshipId, Blocks out) {
        OfficePackage.related(from, relationshipId).ifPresent(part -> write(part, out));
    }

    /** Writes a chart part, as {@link #write(PackagePart, String, Blocks)} does. */
    public static void write(PackagePart part, Blocks out) {
        try (InputStream in = part.getInputStream()) {
            ChartData chart = read(in);
            out.paragraph(chart.title());
            out.table(chart.rows());
        } catch (IOException | XMLStreamException e) {
            // the chart's data cannot be read: it adds nothing
        }
    }

    /** Reads a chart part. */
    public static ChartData read(InputStream in) throws XMLStreamException {
        XMLStreamReader r = XmlParts.reader(in);
        StringBuilder title = new StringBuilder();
        List<String> names = new ArrayList<>();
        List<TreeMap<Integer, String>> values = new ArrayList<>();
        TreeMap<Integer, String> categories = new TreeMap<>();
        String inside = "";
        int point = 0;
        boolean inTitle = false;
        int chartDepth = -1;
        int seriesDepth = 0;
        int depth = 0;
        while (r.hasNext()) {
            int e = r.next();
            if (e == XMLStreamConstants.END_ELEMENT) {
                depth--;
                String name = r.getLocalName();
                if (name.equals("title")) {
                    inTitle = false;
                } else if (name.equals("ser")) {
                    seriesDepth = 0;
                } else if (name.equals("tx")
                        || name.equals("cat")
                        || name.equals("val")
                        || name.equals("xVal")
                        || name.equals("yVal")) {
                    inside = "";
                }
                continue;
            }
            if (e != XMLStreamConstants.START_ELEMENT) {
                continue;
            }
            depth++;
            switch (r.getLocalName()) {
                case "chart" -> chartDepth = depth;
                case "title" -> inTitle = depth == chartDepth + 1; // the chart's, not an axis's
                case "ser" -> {
                    seriesDepth = depth;
                    names.add("");
                    values.add(new TreeMap<>());
                }
                case "tx" -> inside = seriesDepth > 0 ? "tx" : inside;
                case "cat", "xVal" -> inside = "cat";
                case "val", "yVal" -> inside = "val";
                case "pt" -> point = parse(XmlParts.attribute(r, "idx"));
                case "t" -> {
                    if (inTitle) {
                        title.append(r.getElementText());
                        depth--;
                    }
                }
                case "v" -> {
                    String v = r.getElementText().strip();
                    depth--;
                    if (seriesDepth > 0) {
                        switch (inside) {
                            case "tx" -> names.set(names.size() - 1, v);
                            case "cat" -> categories.putIfAbsent(point, v);
                            case "val" -> values.getLast().put(point, v);
                            default -> {}
                        }
                    }
                }
                default -> {}
            }
        }
        return new ChartData(title.toString().strip(), table(names, values, categories));
    }

    private static List<List<String>> table(
            List<String> names, List<TreeMap<Integer, String>> values, TreeMap<Integer, String> categories) {
        TreeMap<Integer, Boolean> points = new TreeMap<>();
        categories.keySet().forEach(k -> points.put(k, true));
        values.forEach(v -> v.keySet().forEach(k -> points.put(k, true)));
        if (points.isEmpty()) {
            return List.of();
        }
        List<List<String>> rows = new ArrayList<>();
        List<String> header = new ArrayList<>();
        header.add("");
        for (int i = 0; i < names.size(); i++) {
            header.add(names.get(i).isEmpty() ? "Series " + (i + 1) : names.get(i));
        }
        rows.add(header);
        for (int p : points.keySet()) {
            List<String> row = new ArrayList<>();
            row.add(categories.getOrDefault(p, Integer.toString(p + 1)));
            for (TreeMap<Integer, String> v : values) {
                row.add(v.getOrDefault(p, ""));
            }
            rows.add(row);
        }
        return rows;
    }

    private static int parse(String s) {
        try {
            return s == null ? 0 : Integer.parseInt(s.strip());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
