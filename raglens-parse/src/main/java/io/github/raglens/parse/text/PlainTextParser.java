package io.github.raglens.parse.text;

import io.github.raglens.model.Document;
import io.github.raglens.parse.document.SectionTreeBuilder;
import io.github.raglens.spi.Parser;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * Parses a plain-text file (UTF-8) into a document with one root section: paragraphs are separated
 * by blank lines, and the title is the first line when it is short, else the file name. Thread-safe.
 */
public final class PlainTextParser implements Parser {

    /** Changes whenever the output for the same file changes; part of the parse-cache key. */
    public static final String VERSION = "text-1";

    /** Creates the parser. */
    public PlainTextParser() {}

    /**
     * Parses one text file.
     *
     * @throws io.github.raglens.error.ParseException when the file is unreadable, empty, binary or not
     *     UTF-8
     */
    @Override
    public Document parse(Path file) {
        Objects.requireNonNull(file, "file");
        TextFile read = TextFile.read(file);
        String text = read.text();
        StringBuilder body = new StringBuilder();
        for (String paragraph : text.split("\\n\\s*\\n")) {
            String p = paragraph.strip();
            if (!p.isEmpty()) {
                body.append(body.isEmpty() ? "" : "\n\n").append(p.replaceAll("[ \\t]+\\n", "\n"));
            }
        }
        String title = read.stem();
        String stripped = text.strip();
        if (!stripped.isEmpty()) {
            String first = stripped.lines().findFirst().orElse("").strip();
            if (!first.isEmpty() && first.length() <= 100) {
                title = first;
            }
        }
        SectionTreeBuilder tree = new SectionTreeBuilder(title);
        tree.paragraph(body.toString(), 0);
        return new Document(read.id(), title, read.source(), 0, Map.of(), tree.build());
    }

    @Override
    public String toString() {
        return "PlainTextParser{}";
    }
}
