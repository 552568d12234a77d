package io.github.raglens.parse.pdf;

import io.github.raglens.parse.layout.Line;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * A document's title as its first page sets it: the lines in the largest type at the top of the page,
 * when that type is clearly larger than the body's (up to four lines, none far below the one before).
 */
final class TitleLines {

    private TitleLines() {}

    /** The title's lines among the document's lines in reading order, by identity; empty when none stands out. */
    static Set<Line> find(List<Line> lines, float body) {
        Set<Line> out = Collections.newSetFromMap(new IdentityHashMap<>());
        float max = 0;
        for (Line line : lines) {
            if (line.page() != 1) {
                break;
            }
            if (line.charCount() >= 3) {
                max = Math.max(max, line.size());
            }
        }
        if (max < body + 1f) {
            return out;
        }
        Line previous = null;
        for (Line line : lines) {
            if (line.page() != 1) {
                break;
            }
            if (line.size() == max && line.charCount() >= 1) {
                if (previous != null && line.top() - previous.bottom() > 2f * max) {
                    break;
                }
                out.add(line);
                previous = line;
                if (out.size() == 4) {
                    break;
                }
            } else if (previous != null) {
                break;
            }
        }
        return out;
    }

    /** The title the lines spell, top to bottom; empty when there are none. */
    static String text(Set<Line> titleLines) {
        List<Line> ordered = new ArrayList<>(titleLines);
        ordered.sort((a, b) -> Float.compare(a.top(), b.top()));
        StringBuilder b = new StringBuilder();
        for (Line line : ordered) {
            b.append(b.isEmpty() ? "" : " ").append(line.text());
        }
        return b.toString();
    }
}
