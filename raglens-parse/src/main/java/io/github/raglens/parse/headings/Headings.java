package io.github.raglens.parse.headings;

import io.github.raglens.parse.layout.Line;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Where a document's headings stand among its lines, from its outline or found from its type. Lines
 * are told apart by identity.
 *
 * @param startsAt the heading that starts at a line (the line is its first)
 * @param consumed the lines that are a heading's text
 * @param before the headings that open before a line without starting at it (outline entries whose
 *     title is not found on their page open before its first line)
 * @param rest for a heading run into its paragraph, the rest of its line, which starts the paragraph
 */
public record Headings(
        Map<Line, HeadingCandidate> startsAt,
        Set<Line> consumed,
        Map<Line, List<HeadingCandidate>> before,
        Map<Line, Line> rest) {}
