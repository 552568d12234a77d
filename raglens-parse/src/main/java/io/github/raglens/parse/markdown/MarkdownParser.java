package io.github.raglens.parse.markdown;

import io.github.raglens.model.Document;
import io.github.raglens.model.Table;
import io.github.raglens.parse.document.SectionTreeBuilder;
import io.github.raglens.parse.text.TextFile;
import io.github.raglens.spi.Parser;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses Markdown into a section tree: ATX ({@code ## Title}) and setext (underlined) headings open
 * sections; pipe tables become {@link Table}s; fenced code and {@code $$} blocks are kept whole. The
 * title is the first level-1 heading, else the file name. Thread-safe.
 */
public final class MarkdownParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "markdown-1";

    private static final Pattern ATX = Pattern.compile("^ {0,3}(#{1,6})(?:\\s+(.*?))?(?:\\s+#+)?\\s*$");
    private static final Pattern SETEXT_1 = Pattern.compile("^ {0,3}=+\\s*$");
    private static final Pattern SETEXT_2 = Pattern.compile("^ {0,3}-+\\s*$");
    private static final Pattern FENCE = Pattern.compile("^ {0,3}(`{3,}|~{3,}).*$");
    private static final Pattern TABLE_SEPARATOR =
            Pattern.compile("^\\s*\\|?\\s*:?-{1,}:?\\s*(\\|\\s*:?-{1,}:?\\s*)*\\|?\\s*$");
    private static final Pattern LIST_OR_QUOTE = Pattern.compile("^\\s*([-*+>]|\\d+[.)])\\s.*");

    /** Creates the parser. */
    public MarkdownParser() {}

    /**
     * Parses one Markdown file.
     *
     * @throws io.github.raglens.error.ParseException when the file is unreadable, empty, binary or not
     *     UTF-8
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        TextFile read = TextFile.read(file);
        return parse(read.text(), read.id(), read.source(), read.stem());
    }

    /** Parses Markdown text; {@code fallbackTitle} is used when there is no level-1 heading. */
    static Document parse(String text, String id, String source, String fallbackTitle) {
        List<String> lines = new ArrayList<>(text.lines().toList());
        int start = 0;
        if (!lines.isEmpty() && lines.getFirst().strip().equals("---")) {
            // YAML front matter
            for (int i = 1; i < lines.size(); i++) {
                if (lines.get(i).strip().equals("---") || lines.get(i).strip().equals("...")) {
                    start = i + 1;
                    break;
                }
            }
        }
        String title = firstH1(lines, start);
        SectionTreeBuilder tree = new SectionTreeBuilder(title == null ? fallbackTitle : title);
        List<String> block = new ArrayList<>();
        int i = start;
        while (i < lines.size()) {
            String line = lines.get(i);
            Matcher fence = FENCE.matcher(line);
            if (fence.matches()) {
                flush(tree, block);
                String marker = fence.group(1);
                StringBuilder code = new StringBuilder(line);
                i++;
                while (i < lines.size()) {
                    String l = lines.get(i);
                    code.append('\n').append(l);
                    i++;
                    if (l.strip().startsWith(marker)
                            && l.strip().replace(marker.substring(0, 1), "").isEmpty()) {
                        break;
                    }
                }
                tree.paragraph(code.toString(), 0);
                continue;
            }
            if (line.strip().startsWith("$$")) {
                flush(tree, block);
                StringBuilder math = new StringBuilder(line);
                String s = line.strip();
                boolean closed = s.length() > 2 && s.endsWith("$$");
                i++;
                while (!closed && i < lines.size()) {
                    String l = lines.get(i);
                    math.append('\n').append(l);
                    i++;
                    closed = l.strip().endsWith("$$");
                }
                tree.paragraph(math.toString(), 0);
                continue;
            }
            Matcher atx = ATX.matcher(line);
            if (atx.matches()) {
                flush(tree, block);
                String heading = atx.group(2) == null ? "" : atx.group(2).strip();
                tree.heading(heading, atx.group(1).length(), 0);
                i++;
                continue;
            }
            if (block.size() == 1 && !line.isBlank() && isSetextCandidate(block.getFirst())) {
                if (SETEXT_1.matcher(line).matches() || SETEXT_2.matcher(line).matches()) {
                    String heading = block.getFirst().strip();
                    block.clear();
                    tree.heading(heading, SETEXT_1.matcher(line).matches() ? 1 : 2, 0);
                    i++;
                    continue;
                }
            }
            if (line.contains("|")
                    && i + 1 < lines.size()
                    && TABLE_SEPARATOR.matcher(lines.get(i + 1)).matches()
                    && lines.get(i + 1).contains("-")) {
                flush(tree, block);
                List<List<String>> rows = new ArrayList<>();
                rows.add(cells(line));
                i += 2;
                while (i < lines.size()
                        && lines.get(i).contains("|")
                        && !lines.get(i).isBlank()) {
                    rows.add(cells(lines.get(i)));
                    i++;
                }
                tree.table(new Table(0, rows));
                continue;
            }
            if (line.isBlank()) {
                flush(tree, block);
            } else {
                block.add(line);
            }
            i++;
        }
        flush(tree, block);
        return new Document(id, title == null ? fallbackTitle : title, source, 0, Map.of(), tree.build());
    }

    private static boolean isSetextCandidate(String line) {
        return !line.isBlank() && !LIST_OR_QUOTE.matcher(line).matches() && !line.contains("|");
    }

    private static String firstH1(List<String> lines, int start) {
        boolean inFence = false;
        for (int i = start; i < lines.size(); i++) {
            String line = lines.get(i);
            if (FENCE.matcher(line).matches()) {
                inFence = !inFence;
                continue;
            }
            if (inFence) {
                continue;
            }
            Matcher m = ATX.matcher(line);
            if (m.matches()
                    && m.group(1).length() == 1
                    && m.group(2) != null
                    && !m.group(2).isBlank()) {
                return m.group(2).strip();
            }
            if (i + 1 < lines.size()
                    && isSetextCandidate(line)
                    && (i == start || lines.get(i - 1).isBlank())
                    && SETEXT_1.matcher(lines.get(i + 1)).matches()) {
                return line.strip();
            }
        }
        return null;
    }

    private static void flush(SectionTreeBuilder tree, List<String> block) {
        if (!block.isEmpty()) {
            tree.paragraph(String.join("\n", block), 0);
            block.clear();
        }
    }

    /** The cells of a pipe-table row; {@code \|} is a literal pipe. */
    static List<String> cells(String row) {
        String s = row.strip();
        if (s.startsWith("|")) {
            s = s.substring(1);
        }
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
                cells.add(cell.toString().strip());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        cells.add(cell.toString().strip());
        return cells;
    }

    @Override
    public String toString() {
        return "MarkdownParser{}";
    }
}
