package io.github.raglens.parse.docx;

import io.github.raglens.parse.packaging.XmlParts;
import java.io.InputStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * The lists of a document ({@code numbering.xml}) and the numbers Word shows for them: each list
 * instance counts its items per level from the level's start, a deeper level starting again under
 * each item above it, and a label is the level's text ({@code %1.%2.}) with each level's count in
 * its format (decimal, letters, Roman numerals). Not thread-safe: it counts as the document is read.
 */
final class DocxNumbering {

    private record Level(String format, String text, int start) {}

    private final Map<String, Map<Integer, Level>> abstracts;
    private final Map<String, String> abstractOfNum;
    private final Map<String, Map<Integer, Integer>> startOverrides;
    private final Map<String, int[]> counters = new HashMap<>();

    private DocxNumbering(
            Map<String, Map<Integer, Level>> abstracts,
            Map<String, String> abstractOfNum,
            Map<String, Map<Integer, Integer>> startOverrides) {
        this.abstracts = abstracts;
        this.abstractOfNum = abstractOfNum;
        this.startOverrides = startOverrides;
    }

    static DocxNumbering none() {
        return new DocxNumbering(Map.of(), Map.of(), Map.of());
    }

    static DocxNumbering read(InputStream in) throws XMLStreamException {
        Map<String, Map<Integer, Level>> abstracts = new HashMap<>();
        Map<String, String> abstractOfNum = new HashMap<>();
        Map<String, Map<Integer, Integer>> overrides = new HashMap<>();
        XMLStreamReader r = XmlParts.reader(in);
        String abstractId = null;
        String numId = null;
        int ilvl = 0;
        String format = null;
        String text = null;
        int start = 1;
        int overrideLevel = 0;
        while (r.hasNext()) {
            int e = r.next();
            if (e == XMLStreamConstants.START_ELEMENT) {
                String val = XmlParts.attribute(r, "val");
                switch (r.getLocalName()) {
                    case "abstractNum" -> {
                        abstractId = XmlParts.attribute(r, "abstractNumId");
                        numId = null;
                    }
                    case "num" -> {
                        numId = XmlParts.attribute(r, "numId");
                        abstractId = null;
                    }
                    case "abstractNumId" -> {
                        if (numId != null && val != null) {
                            abstractOfNum.put(numId, val);
                        }
                    }
                    case "lvl" -> {
                        ilvl = DocxReader.integer(XmlParts.attribute(r, "ilvl"), 0);
                        format = "decimal";
                        text = "";
                        start = 1;
                    }
                    case "lvlOverride" -> overrideLevel = DocxReader.integer(XmlParts.attribute(r, "ilvl"), 0);
                    case "startOverride" -> {
                        if (numId != null) {
                            overrides
                                    .computeIfAbsent(numId, k -> new HashMap<>())
                                    .put(overrideLevel, DocxReader.integer(val, 1));
                        }
                    }
                    case "numFmt" -> format = val == null ? "decimal" : val;
                    case "lvlText" -> text = val == null ? "" : val;
                    case "start" -> start = DocxReader.integer(val, 1);
                    default -> {}
                }
            } else if (e == XMLStreamConstants.END_ELEMENT
                    && r.getLocalName().equals("lvl")
                    && abstractId != null
                    && numId == null) {
                abstracts.computeIfAbsent(abstractId, k -> new HashMap<>()).put(ilvl, new Level(format, text, start));
            }
        }
        return new DocxNumbering(abstracts, abstractOfNum, overrides);
    }

    /**
     * Counts the next item of a list at a level and returns its label: {@code "-"} for a bullet, {@code
     * "2.1."} or {@code "b)"} for a number, or empty for a list Word shows no label for.
     */
    String next(String numId, int level) {
        Map<Integer, Level> levels = abstracts.get(abstractOfNum.get(numId));
        if (levels == null || "0".equals(numId)) {
            return "";
        }
        int lvl = Math.max(0, Math.min(8, level));
        Level own = levels.get(lvl);
        if (own == null) {
            return "";
        }
        if (own.format().equals("bullet")) {
            return "-";
        }
        int[] count = counters.computeIfAbsent(numId, k -> new int[9]);
        for (int i = 0; i <= lvl; i++) {
            if (count[i] == 0) {
                count[i] = start(numId, levels, i) - (i == lvl ? 1 : 0);
            }
        }
        count[lvl]++;
        for (int i = lvl + 1; i < 9; i++) {
            count[i] = 0;
        }
        StringBuilder label = new StringBuilder();
        String text = own.text();
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '%' && i + 1 < text.length() && Character.isDigit(text.charAt(i + 1))) {
                int ref = text.charAt(++i) - '1';
                Level referenced = levels.get(ref);
                if (ref >= 0 && ref <= lvl) {
                    label.append(format(count[ref], referenced == null ? "decimal" : referenced.format()));
                }
            } else {
                label.append(c);
            }
        }
        return label.toString().strip();
    }

    private int start(String numId, Map<Integer, Level> levels, int level) {
        Integer override = startOverrides.getOrDefault(numId, Map.of()).get(level);
        if (override != null) {
            return override;
        }
        Level l = levels.get(level);
        return l == null ? 1 : l.start();
    }

    private static String format(int n, String format) {
        return switch (format) {
            case "lowerLetter" -> letters(n).toLowerCase(Locale.ROOT);
            case "upperLetter" -> letters(n);
            case "lowerRoman" -> roman(n).toLowerCase(Locale.ROOT);
            case "upperRoman" -> roman(n);
            case "none" -> "";
            default -> Integer.toString(n);
        };
    }

    private static String letters(int n) {
        if (n <= 0) {
            return Integer.toString(n);
        }
        char letter = (char) ('A' + (n - 1) % 26);
        return String.valueOf(letter).repeat((n - 1) / 26 + 1);
    }

    private static String roman(int n) {
        if (n <= 0 || n >= 4000) {
            return Integer.toString(n);
        }
        int[] values = {1000, 900, 500, 400, 100, 90, 50, 40, 10, 9, 5, 4, 1};
        String[] numerals = {"M", "CM", "D", "CD", "C", "XC", "L", "XL", "X", "IX", "V", "IV", "I"};
        StringBuilder b = new StringBuilder();
        int rest = n;
        for (int i = 0; i < values.length; i++) {
            while (rest >= values[i]) {
                b.append(numerals[i]);
                rest -= values[i];
            }
        }
        return b.toString();
    }
}
